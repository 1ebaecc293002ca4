#!/usr/bin/env python3
"""check_docs.py — the documents hold together (ctest: docs): the README stays a user's page (at
most 250 lines, a table of contents that matches its sections, no commit ids or Elo intervals),
names the license, and every relative link of every page leads to a file and heading that exist.
Usage: check_docs.py SOURCE_DIR"""

import os
import re
import sys

README_MAX_LINES = 250
LINK = re.compile(r"(?<!\!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*```")


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`|\*\*|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def prose(path):
    """The lines of a page outside code blocks."""
    out, fenced = [], False
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if FENCE.match(line):
                fenced = not fenced
            elif not fenced:
                out.append((n, line.rstrip("\n")))
    return out


def anchors(path):
    seen, result = {}, set()
    for _, line in prose(path):
        m = re.match(r"^(#{1,6}) (.*)$", line)
        if m:
            s = slug(m.group(2))
            k = seen.get(s, 0)
            result.add(s if k == 0 else f"{s}-{k}")
            seen[s] = k + 1
    return result


def pages(src):
    for root, dirs, files in os.walk(src):
        rel = os.path.relpath(root, src)
        dirs[:] = [d for d in dirs if not (d.startswith(".") or (rel == "." and d.startswith("build")))]
        for f in files:
            if f.endswith(".md"):
                yield os.path.join(root, f)


def check_links(src, errors):
    for page in pages(src):
        for n, line in prose(page):
            for m in LINK.finditer(line):
                target = m.group(1) or m.group(2)
                if re.match(r"^[a-z]+:", target):
                    continue  # https:, mailto:
                path, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                where = f"{os.path.relpath(page, src)}:{n}"
                if not os.path.exists(dest):
                    errors.append(f"{where}: the link {target} leads to no file")
                elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
                    errors.append(f"{where}: the link {target} names no heading of {os.path.relpath(dest, src)}")


def check_readme(src, errors):
    path = os.path.join(src, "README.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    count = text.count("\n") + (not text.endswith("\n"))
    if count > README_MAX_LINES:
        errors.append(f"README.md: {count} lines, more than {README_MAX_LINES}")
    body = prose(path)
    sections = [slug(line[3:]) for _, line in body if line.startswith("## ")]
    if "contents" not in sections:
        errors.append("README.md: no '## Contents' section")
    else:
        start = next(i for i, (_, line) in enumerate(body) if line == "## Contents")
        toc = []
        for _, line in body[start + 1:]:
            if line.startswith("## "):
                break
            toc += re.findall(r"\]\(#([^)]+)\)", line)
        listed = [s for s in sections if s != "contents"]
        if toc != listed:
            errors.append(f"README.md: the contents list {toc}, the sections are {listed}")
    if "](LICENSE)" not in text:
        errors.append("README.md: does not link the LICENSE")
    for n, line in body:
        for word in re.findall(r"\b[0-9a-f]{7,40}\b", line):
            if re.search(r"[a-f]", word) and re.search(r"[0-9]", word):
                errors.append(f"README.md:{n}: '{word}' looks like a commit id (history belongs on the pages)")
        if re.search(r"\[[+−-]\d+(\.\d+)?, [+−-]\d+(\.\d+)?\]", line):
            errors.append(f"README.md:{n}: an Elo interval (measurements belong on the pages)")


def check_license(src, errors):
    with open(os.path.join(src, "LICENSE"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines[0] != "MIT License" or "Copyright (c) 2026 The Simia authors" not in lines:
        errors.append("LICENSE: not the MIT license of 'The Simia authors'")


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
    errors = []
    check_readme(src, errors)
    check_license(src, errors)
    check_links(src, errors)
    for e in errors:
        print(f"FAILED: {e}")
    if errors:
        sys.exit(1)
    print("docs: README within its limits, contents and sections agree, the license named, every link whole")


if __name__ == "__main__":
    main()
