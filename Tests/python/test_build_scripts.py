"""scripts/build-release (which scripts/serve, scripts/install and scripts/package build through) says what a
build is waiting for (issue #40, item 6).

SwiftPM's "Another instance of SwiftPM is already running …, waiting until that process has finished execution..."
has no line break; a line filter held it back, so the scripts seemed to hang. A stand-in `swift` on PATH prints it
and then waits for the test to have read the line the script makes of it; the first build of a scratch folder
says how long it will take.
"""
import os
import pathlib
import select
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
WAITING = "Another instance of SwiftPM is already running using '/srv/site/.build', waiting until that process has finished execution..."

FAKE_SWIFT = """#!/usr/bin/env bash
# A stand-in for `swift build`: SwiftPM's waiting message without a line break, then waits for the go-ahead.
printf '%s' "$WAITING"
read -r _ < "$GO"
echo "[1/1] Compiling formgen main.swift"
echo "Build complete! (0.10s)"
"""


def read_line(stream, guard_seconds=60):
    """One line of the script's output; fails rather than hangs if none comes."""
    ready, _, _ = select.select([stream], [], [], guard_seconds)
    assert ready, "no line came: the script is holding the message back"
    return stream.readline()


def test_the_wait_for_another_build_is_said_at_once_and_the_first_build_says_how_long(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "swift").write_text(FAKE_SWIFT)
    (bin_dir / "swift").chmod(0o755)
    go = tmp_path / "go"
    os.mkfifo(go)
    scratch = tmp_path / "scratch"
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", WAITING=WAITING, GO=str(go))
    process = subprocess.Popen([str(ROOT / "scripts" / "build-release"), "--scratch-path", str(scratch)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True, bufsize=1)
    try:
        first = read_line(process.stdout)
        cores = os.cpu_count()
        assert first.startswith(f"First release build in {scratch}: about ")
        assert first.rstrip().endswith(f"minutes on {cores} cores (later builds take seconds).")
        waiting = read_line(process.stdout)
        assert waiting == "Waiting for another build that holds /srv/site/.build to finish (SwiftPM allows one build per folder) ...\n"
        with open(go, "w") as release:
            release.write("go\n")
        rest = process.stdout.read()
        assert process.wait() == 0
        assert rest == "[1/1] Compiling formgen main.swift\nBuild complete! (0.10s)\n"
    finally:
        if process.poll() is None:
            process.kill()


def test_a_later_build_does_not_say_how_long(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "swift").write_text("#!/usr/bin/env bash\necho 'Build complete! (0.10s)'\n")
    (bin_dir / "swift").chmod(0o755)
    scratch = tmp_path / "scratch"
    (scratch / "release").mkdir(parents=True)
    (scratch / "release" / "formgen").write_text("")
    (scratch / "release" / "formgen").chmod(0o755)
    result = subprocess.run([str(ROOT / "scripts" / "build-release"), "--scratch-path", str(scratch)],
                            capture_output=True, text=True, env=dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}"))
    assert result.returncode == 0
    assert result.stdout == "Build complete! (0.10s)\n"


def test_the_filter_still_drops_the_dependencys_noise():
    noise = ("warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled; explicitly declare them as resources or exclude from the target\n"
             "    /work/main/.build/checkouts/swift-distributed-tracing/Sources/CMakeLists.txt\n")
    result = subprocess.run([str(ROOT / "scripts" / "filter-build-noise")], input="a\n" + noise + "b\nno newline",
                            capture_output=True, text=True, check=True)
    assert result.stdout == "a\nb\nno newline"


def test_a_failed_build_fails_the_script(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "swift").write_text("#!/usr/bin/env bash\necho 'error: no such module'\nexit 1\n")
    (bin_dir / "swift").chmod(0o755)
    result = subprocess.run([str(ROOT / "scripts" / "build-release"), "--scratch-path", str(tmp_path / "s")],
                            capture_output=True, text=True, env=dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}"))
    assert result.returncode == 1
    assert "error: no such module" in result.stdout
