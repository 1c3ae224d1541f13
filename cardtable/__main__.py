from cardtable.cli import main

if __name__ == "__main__":  # not again in a worker process of the bots' search pool
    main()
