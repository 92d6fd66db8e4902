#!/usr/bin/env python3
"""Attacks on `render serve` by a hostile client, each printing its findings as JSON.

  http_attack.py ranges PORT PATH RANGE...   one GET of PATH per Range header (http.client)
  http_attack.py headers PORT ATTACKERS      attackers send 300 KB header lines while a
                                             normal client polls /_version
  http_attack.py slow PORT                   a request head that never ends
  http_attack.py crowd PORT COUNT            COUNT idle connections held, then a normal GET
  http_attack.py pipeline PORT CLIENTS COUNT CLIENTS each pipeline COUNT polls in one write
                                             while a normal client polls
  http_attack.py keepalive PORT CLIENTS      CLIENTS connections each poll every 2 s, kept
                                             alive, while a normal client polls
  http_attack.py halfclose PORT              a request, then the client shuts its side
"""
import http.client
import json
import socket
import sys
import threading
import time


def get(port, path, headers=None, timeout=60):
    """A GET with Python's own HTTP client: (status, headers, body, seconds)."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict((k.lower(), v) for k, v in response.getheaders()), body, time.monotonic() - start


def raw(port, data, timeout=30):
    """Sends `data` on a fresh connection and reads until the server closes it: the first
    line of the answer (or "" when none came) and the seconds until the close."""
    start = time.monotonic()
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    answer = b""
    try:
        sock.sendall(data)
    except OSError:
        pass  # the server may close before reading all of it
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    except OSError:
        pass  # a reset after the answer: the unread rest of the request
    sock.close()
    return answer.split(b"\r\n", 1)[0].decode("latin-1"), time.monotonic() - start


def ranges(port, path, specs):
    results = []
    for spec in specs:
        status, headers, body, _ = get(port, path, {"Range": spec})
        results.append({"range": spec, "status": status, "contentRange": headers.get("content-range"),
                        "length": len(body)})
    return {"ranges": results}


def headers(port, attackers):
    line = b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Long: " % port + b"a" * 300_000 + b"\r\n\r\n"
    answers = []
    stop = threading.Event()

    def attack():
        while not stop.is_set():
            answers.append(raw(port, line)[0])

    threads = [threading.Thread(target=attack) for _ in range(attackers)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    latencies = []
    for _ in range(20):
        status, _, _, seconds = get(port, "/_version", {"Host": "127.0.0.1:%d" % port})
        latencies.append({"status": status, "seconds": seconds})
        time.sleep(0.05)
    stop.set()
    for thread in threads:
        thread.join()
    return {"attacks": sorted(set(answers)), "attackCount": len(answers), "polls": latencies}


def slow(port):
    first, seconds = raw(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: " % port)
    return {"answer": first, "closedAfter": seconds}


def crowd(port, count):
    held = []
    refused = 0
    for _ in range(count):
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        except OSError:
            refused += 1
    status, _, _, seconds = get(port, "/_version", {"Host": "127.0.0.1:%d" % port}, timeout=60)
    closed = 0
    for sock in held:
        sock.settimeout(30)
        try:
            if sock.recv(1) == b"":
                closed += 1
        except socket.timeout:
            pass  # still open after 30 s: not closed by the server
        except OSError:
            closed += 1
        sock.close()
    after, _, _, _ = get(port, "/_version", {"Host": "127.0.0.1:%d" % port}, timeout=60)
    return {"held": len(held), "refused": refused, "status": status, "seconds": seconds, "closedByServer": closed,
            "statusAfter": after}


def victim(port):
    """Seconds until a normal poll, on a connection of its own, is answered (or None)."""
    try:
        status, _, _, seconds = get(port, "/_version", {"Host": "127.0.0.1:%d" % port}, timeout=30)
        return seconds if status == 200 else None
    except OSError:
        return None


def pipeline(port, clients, count):
    head = b"GET /_version HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port
    answered = []

    def flood():
        sock = socket.create_connection(("127.0.0.1", port), timeout=120)
        sock.sendall(head * count)
        got = 0
        # An answer's status line may be split between two reads: the end of each read is kept.
        marker = b"HTTP/1.1 200"
        tail = b""
        while got < count:
            chunk = sock.recv(65536)
            if not chunk:
                break
            text = tail + chunk
            got += text.count(marker)
            tail = text[-(len(marker) - 1):]
        answered.append(got)
        sock.close()

    threads = [threading.Thread(target=flood) for _ in range(clients)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    seconds = victim(port)
    for thread in threads:
        thread.join()
    return {"answered": answered, "victimSeconds": seconds}


def keepalive(port, clients):
    head = b"GET /_version HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port
    stop = threading.Event()

    def hold():
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            while not stop.is_set():
                sock.sendall(head)
                if not sock.recv(65536):
                    return
                time.sleep(2)
        except OSError:
            return  # closed by the server: it had to make room

    threads = [threading.Thread(target=hold) for _ in range(clients)]
    for thread in threads:
        thread.start()
    time.sleep(3)
    seconds = victim(port)
    stop.set()
    for thread in threads:
        thread.join()
    return {"victimSeconds": seconds}


def halfclose(port):
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(b"GET /_version HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
    sock.shutdown(socket.SHUT_WR)
    answer = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        answer += chunk
    return {"answer": answer.split(b"\r\n", 1)[0].decode("latin-1")}


def main():
    command, port = sys.argv[1], int(sys.argv[2])
    if command == "ranges":
        result = ranges(port, sys.argv[3], sys.argv[4:])
    elif command == "headers":
        result = headers(port, int(sys.argv[3]))
    elif command == "slow":
        result = slow(port)
    elif command == "crowd":
        result = crowd(port, int(sys.argv[3]))
    elif command == "pipeline":
        result = pipeline(port, int(sys.argv[3]), int(sys.argv[4]))
    elif command == "keepalive":
        result = keepalive(port, int(sys.argv[3]))
    elif command == "halfclose":
        result = halfclose(port)
    else:
        sys.exit("unknown attack " + command)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
