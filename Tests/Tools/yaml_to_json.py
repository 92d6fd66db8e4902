#!/usr/bin/env python3
"""Prints a YAML file as JSON, read with PyYAML's safe loader (as YAML 1.1 reads it: a key
`on` is the boolean true, printed as "true"). A file PyYAML cannot read makes it exit with
its error."""
import json
import sys

import yaml

if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as file:
        print(json.dumps(yaml.safe_load(file)))
