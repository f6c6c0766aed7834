"""A release that runs without Swift (issue #40, item 4): `scripts/package` makes formgen-VERSION-linux-ARCH.tar.gz
and its checksum; the binary has Swift's runtime linked in; unpacked in a fresh folder and run with a PATH that
holds no Swift toolchain it builds the example site with the theme packed beside it; `scripts/install --from`
checks the checksum and installs it.

The release build goes to .build-static (its own scratch folder): about 10 minutes the first time on 2 cores,
seconds to a minute after that. It runs in CI with the rest of scripts/test (well inside .ci/run's budget).
"""
import hashlib
import os
import pathlib
import platform
import shutil
import subprocess
import tarfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NO_SWIFT_PATH = "/usr/local/bin:/usr/bin:/bin"
SWIFT_RUNTIME = ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "libcmark"]


def clean_env(home):
    """An environment with no Swift toolchain on PATH and nothing pointing at its libraries."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LD_", "SWIFT", "FORMGEN"))}
    env.update(PATH=NO_SWIFT_PATH, HOME=str(home))
    return env


@pytest.fixture(scope="module")
def release(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run([str(ROOT / "scripts" / "package"), str(out)], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    tarballs = sorted(out.glob("formgen-*-linux-*.tar.gz"))
    assert len(tarballs) == 1, sorted(p.name for p in out.iterdir())
    return tarballs[0]


def test_the_tarball_is_named_for_its_version_and_machine_and_holds_the_binary_and_theme(release):
    version = subprocess.run([str(ROOT / ".build" / "debug" / "formgen"), "--version"], capture_output=True, text=True).stdout.split()[1]
    name = f"formgen-{version}-linux-{platform.machine()}"
    assert release.name == f"{name}.tar.gz"
    with tarfile.open(release) as archive:
        names = set(archive.getnames())
    for member in ["formgen", "install", "formgen.revision", "formgen_FormgenTemplates.resources/layouts",
                   "formgen_FormgenTemplates.resources/assets/runtime/min", "formgen_FormgenTemplates.resources/i18n/en.json"]:
        assert f"{name}/{member}" in names, member
    assert all(n == name or n.startswith(name + "/") for n in names), "everything sits in the one folder"


def test_the_checksum_file_matches(release):
    checksum = pathlib.Path(str(release) + ".sha256").read_text()
    assert checksum == f"{hashlib.sha256(release.read_bytes()).hexdigest()}  {release.name}\n"
    subprocess.run(["sha256sum", "-c", release.name + ".sha256"], cwd=release.parent, check=True, capture_output=True)


def test_ldd_shows_no_swift_runtime_library(release, tmp_path):
    subprocess.run(["tar", "-xzf", str(release), "-C", str(tmp_path)], check=True)
    binary = next(tmp_path.glob("formgen-*/formgen"))
    ldd = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, env=clean_env(tmp_path))
    assert ldd.returncode == 0, ldd.stderr
    assert "libc.so" in ldd.stdout, ldd.stdout
    assert "not found" not in ldd.stdout, ldd.stdout
    for library in SWIFT_RUNTIME:
        assert library not in ldd.stdout, ldd.stdout
    assert "/opt/swift" not in ldd.stdout
    dynamic = subprocess.run(["readelf", "-d", str(binary)], capture_output=True, text=True, check=True).stdout
    assert "swift" not in "\n".join(line for line in dynamic.splitlines() if "RUNPATH" in line or "RPATH" in line)


def test_unpacked_in_a_fresh_folder_without_swift_it_builds_the_example_site_with_its_own_theme(release, tmp_path):
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    shutil.copy(release, fresh)
    subprocess.run(["tar", "-xzf", release.name], cwd=fresh, check=True, env=clean_env(tmp_path))
    unpacked = next(p for p in fresh.iterdir() if p.is_dir())
    # A mark in the packed theme shows the pages are rendered from the theme beside the binary.
    layout = unpacked / "formgen_FormgenTemplates.resources" / "layouts" / "base.mustache"
    layout.write_text(layout.read_text().replace("</body>", "<!-- packaged theme --></body>", 1))
    site = tmp_path / "site"
    shutil.copytree(ROOT / "configs", site / "configs", ignore=shutil.ignore_patterns(".formgen"))
    env = clean_env(tmp_path)
    assert shutil.which("swift", path=env["PATH"]) is None
    result = subprocess.run([str(unpacked / "formgen"), "build", "--strict"], cwd=site, capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Built "), result.stdout
    for page in ["index.html", "kyc/nl/index.html", "pet-adoption/index.html", "docs/index.html", "registration/index.html"]:
        assert (site / "public" / page).is_file(), page
    assert "<!-- packaged theme -->" in (site / "public" / "registration" / "index.html").read_text()
    # The revision the release recorded: a commit of this checkout (others may have been made since).
    revision = (unpacked / "formgen.revision").read_text().strip()
    subprocess.run(["git", "merge-base", "--is-ancestor", revision, "HEAD"], cwd=ROOT, check=True)
    version = subprocess.run([str(unpacked / "formgen"), "--version"], capture_output=True, text=True, env=env).stdout
    assert version == f"formgen {release.name.split('-')[1]} (git {revision[:12]})\n"


def test_install_from_the_tarball_checks_its_checksum_and_installs_under_a_prefix(release, tmp_path):
    copy = tmp_path / release.name
    shutil.copy(release, copy)
    shutil.copy(str(release) + ".sha256", str(copy) + ".sha256")
    prefix = tmp_path / "prefix"
    env = clean_env(tmp_path)
    installed = subprocess.run([str(ROOT / "scripts" / "install"), "--from", str(copy), "--prefix", str(prefix)],
                               capture_output=True, text=True, env=env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert "Checksum OK" in installed.stdout
    assert (prefix / "bin" / "formgen").is_symlink()
    assert (prefix / "lib" / "formgen" / "formgen_FormgenTemplates.resources" / "layouts").is_dir()
    site = tmp_path / "site"
    made = subprocess.run([str(prefix / "bin" / "formgen"), "init", str(site), "--template", "contact"], capture_output=True, text=True, env=env)
    assert made.returncode == 0, made.stdout + made.stderr
    built = subprocess.run([str(prefix / "bin" / "formgen"), "build", "--strict"], cwd=site, capture_output=True, text=True, env=env)
    assert built.returncode == 0, built.stdout + built.stderr

    pathlib.Path(str(copy) + ".sha256").write_text("0" * 64 + f"  {release.name}\n")
    refused = subprocess.run([str(ROOT / "scripts" / "install"), "--from", str(copy), "--prefix", str(tmp_path / "other")],
                             capture_output=True, text=True, env=env)
    assert refused.returncode == 1
    assert f"{copy} does not match {copy}.sha256" in refused.stderr
    assert not (tmp_path / "other").exists()


def test_the_install_script_inside_the_release_installs_it_without_a_checkout(release, tmp_path):
    subprocess.run(["tar", "-xzf", str(release), "-C", str(tmp_path)], check=True)
    unpacked = next(tmp_path.glob("formgen-*"))
    prefix = tmp_path / "prefix"
    result = subprocess.run([str(unpacked / "install"), "--prefix", str(prefix)], capture_output=True, text=True,
                            cwd=tmp_path, env=clean_env(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"Installed {prefix}/bin/formgen (formgen 0.")
    assert f"Add {prefix}/bin to your PATH" in result.stdout
    assert os.path.realpath(prefix / "bin" / "formgen") == str(prefix / "lib" / "formgen" / "formgen")
