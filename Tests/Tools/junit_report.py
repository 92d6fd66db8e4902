#!/usr/bin/env python3
"""Reads JUnit XML reports with junitparser, a JUnit reader of the kind CI systems use, and
prints what it found as JSON: per file, the suites with their counts and time, and per test
case its name, classname, file, time and results (failure, error or skipped: type, message,
text). A report junitparser cannot read makes it exit with its error."""
import json
import sys

from junitparser import JUnitXml


def case_summary(case):
    return {
        "name": case.name,
        "classname": case.classname,
        "file": case._elem.get("file"),
        "time": case.time,
        "results": [
            {"tag": result._tag, "type": result.type, "message": result.message, "text": result.text}
            for result in case.result
        ],
        "systemErr": case.system_err,
        "systemOut": case.system_out,
    }


def report_summary(path):
    report = JUnitXml.fromfile(path)
    suites = [report] if report._tag == "testsuite" else list(report)
    return {
        "root": report._tag,
        "suites": [
            {
                "name": suite.name,
                "tests": suite.tests,
                "failures": suite.failures,
                "errors": suite.errors,
                "skipped": suite.skipped,
                "time": suite.time,
                "cases": [case_summary(case) for case in suite],
            }
            for suite in suites
        ],
    }


if __name__ == "__main__":
    print(json.dumps([report_summary(path) for path in sys.argv[1:]]))
