"""Helpers the serve and reload benches share: free loopback ports, waiting for a server, one GET."""
import os
import shutil
import socket
import subprocess
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, seconds=120):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port}")


def get(port, path):
    """One GET on a fresh connection: (status, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := connection.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def stop(processes, scratch):
    """Stops the servers, newest first, and removes their scratch folder."""
    for process in reversed(processes):
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
    shutil.rmtree(scratch, ignore_errors=True)


def write_report(report, name, root):
    """Prints a bench's Markdown report and keeps it as bench/results/NAME."""
    print(report)
    os.makedirs(os.path.join(root, "bench/results"), exist_ok=True)
    with open(os.path.join(root, "bench/results", name), "w") as f:
        f.write(report)
