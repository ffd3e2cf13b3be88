#!/usr/bin/env python3
"""Helper of docs/test-readme.sh (standard library only).

  test-readme.py extract README.md OUTDIR   the README's commands: OUTDIR/manifest.tsv, and for command N the
                                            files N.code (what runs), N.key (the command on one line, comments
                                            stripped: what the skip list and the messages name)
  test-readme.py same-image NEW COMMITTED   exit 0 when the two PNGs hold the same pixels (RGB, every pixel; an
                                            alpha channel must be opaque), or when two other files are identical
  test-readme.py check-outputs DIR...       every .png, .svg and .pdf file directly in DIR is one (magic bytes)
  test-readme.py links FILE.md...           every relative link and image of the files names an existing file,
                                            and an anchor (#...) into a Markdown file names one of its headings

What a command is: each command line of a ```sh block (a line ending in \\ continues it; blank and comment lines
are not commands), each ```python and ```c block as a whole, and each inline code span in a table row that starts
with `swift run ` or `glint ` (the gallery). ```json and ```text blocks are not commands; a block with any other
tag, or none, is an error, so that nothing that looks like a command escapes the test.

manifest.tsv columns: index, kind, block, README line, the port of a `glint serve --port N &`, the output paths
named by -o (space-separated), the C file name of a c block. Kinds:
  sh       a shell command docs/test-readme.sh knows how to run
  serve    `glint serve ... --port N ... &`: started in the background, its port substituted in the block's
           later commands
  gallery  a gallery command, writing docs/images/NAME; its output is compared with the committed image
  python   a ```python block
  c        a ```c block; its first line is a comment naming its file (/* chart.c: ... */)
  other    a command calling a program the script does not run (it fails unless the skip list names it)
"""
import json
import os
import re
import shlex
import struct
import sys
import zlib

# The programs a README shell command may call, each pipeline stage's first word. Anything else is kind "other".
RUNNABLE = {"glint", "curl", "cc", "echo", "grep", "deploy/install-libglint.sh"}


def strip_comment(line):
    """The line without a trailing shell comment (a # at a word start, outside quotes)."""
    quote = None
    escaped = False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
            continue
        if ch == "\\" and quote != "'":
            escaped = True
        elif quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i].rstrip()
    return line.rstrip()


def stages(code):
    """The first words of a command's pipeline stages and lists (split on |, ||, &&, ;, & outside quotes and $())."""
    words = []
    quote = None
    depth = 0
    current = ""
    i = 0
    while i < len(code):
        ch = code[i]
        if quote:
            if ch == quote:
                quote = None
            current += ch
        elif ch in "'\"":
            quote = ch
            current += ch
        elif code.startswith("$(", i):
            depth += 1
            current += "$("
            i += 2
            continue
        elif ch == ")" and depth:
            depth -= 1
            current += ch
        elif ch == "&" and (current.endswith(">") or code.startswith(">", i + 1)):
            current += ch  # a redirection: 2>&1, &>file
        elif ch in "|;&" and not depth:
            words.append(current)
            current = ""
            while i + 1 < len(code) and code[i + 1] in "|&":
                i += 1
        else:
            current += ch
        i += 1
    words.append(current)
    firsts = []
    for stage in words:
        tokens = stage.replace("\\\n", " ").split()
        while tokens and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", tokens[0]):
            tokens.pop(0)
        if tokens:
            if tokens[0] == "swift" and tokens[1:2] == ["run"]:
                rest = tokens[2:]
                if rest[:2] == ["-c", "release"]:
                    rest = rest[2:]
                firsts.append("glint" if rest[:1] == ["glint"] else "swift run " + " ".join(rest[:1]))
            else:
                firsts.append(tokens[0])
    return firsts


def outputs(key):
    """The paths a command names with -o (not -)."""
    try:
        tokens = shlex.split(key)
    except ValueError:
        return []
    return [tokens[i + 1] for i, token in enumerate(tokens[:-1]) if token == "-o" and tokens[i + 1] != "-"]


def extract(readme, outdir):
    os.makedirs(outdir, exist_ok=True)
    lines = open(readme, encoding="utf-8").read().split("\n")
    commands = []  # (kind, block, line, code, key, extra)
    errors = []
    block = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"^\s*```(.*)$", line)
        if fence:
            tag = fence.group(1).strip()
            start = i + 1
            i += 1
            body = []
            while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
                body.append(lines[i])
                i += 1
            if i == len(lines):
                errors.append(f"README.md:{start}: a ``` block that never closes")
            block += 1
            if tag == "sh":
                j = 0
                while j < len(body):
                    first = j
                    parts = [body[j]]
                    while parts[-1].rstrip().endswith("\\") and j + 1 < len(body):
                        j += 1
                        parts.append(body[j])
                    j += 1
                    code = "\n".join(strip_comment(p) for p in parts).strip()
                    if not code:
                        continue
                    commands.append(("sh", block, start + first + 1, code))
            elif tag in ("python", "c"):
                commands.append((tag, block, start, "\n".join(body) + "\n"))
            elif tag not in ("json", "text"):
                errors.append(f"README.md:{start}: a ```{tag} block: docs/test-readme.sh runs sh, python and c blocks and "
                              "passes json and text ones; tag it as one of those")
        elif line.startswith("|"):
            for span in re.findall(r"`([^`]+)`", line):
                if span.startswith("swift run ") or span.startswith("glint "):
                    block += 1
                    commands.append(("sh", block, i + 1, span))
        i += 1

    with open(os.path.join(outdir, "manifest.tsv"), "w", encoding="utf-8") as manifest:
        for n, (kind, blk, line, code) in enumerate(commands, 1):
            port = ""
            outs = []
            name = ""
            if kind == "sh":
                key = " ".join(code.replace("\\\n", " ").split())
                outs = outputs(key)
                firsts = stages(code)
                if all(f in RUNNABLE or re.match(r"^\./[A-Za-z0-9_.-]+$", f) for f in firsts):
                    serve = re.match(r"^(swift run (-c release )?)?glint serve\b.*\s--port\s+(\d+)\b.*&$", key)
                    if serve:
                        kind, port = "serve", serve.group(3)
                    elif any(o.startswith("docs/images/") for o in outs):
                        kind = "gallery"
                else:
                    kind = "other"
            elif kind == "python":
                key = f"```python block at README.md:{line}"
            else:
                first = code.split("\n", 1)[0]
                named = re.match(r"^/\*\s*([A-Za-z0-9_-]+\.c)\b", first)
                if not named:
                    errors.append(f"README.md:{line}: a ```c block must start with a comment naming its file (/* chart.c: ... */)")
                    continue
                name = named.group(1)
                key = f"```c block {name} at README.md:{line}"
            with open(os.path.join(outdir, f"{n}.code"), "w", encoding="utf-8") as f:
                f.write(code)
            with open(os.path.join(outdir, f"{n}.key"), "w", encoding="utf-8") as f:
                f.write(key)
            manifest.write("\t".join([str(n), kind, str(blk), str(line), port or "-", " ".join(outs) or "-", name or "-"]) + "\n")
    for error in errors:
        print(error, file=sys.stderr)
    return 1 if errors else 0


def png_pixels(path):
    """(width, height, RGB bytes) of an 8-bit, non-interlaced RGB or RGBA PNG; None if it is not one (or an
    RGBA pixel is not opaque)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat.append(chunk)
        elif kind == b"IEND":
            break
    if not header:
        return None
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        return None
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows = bytearray()
    previous = bytearray(stride)
    for y in range(height):
        base = y * (stride + 1)
        kind = raw[base]
        row = bytearray(raw[base + 1:base + 1 + stride])
        if kind == 1:
            for x in range(channels, stride):
                row[x] = (row[x] + row[x - channels]) & 255
        elif kind == 2:
            row = bytearray((a + b) & 255 for a, b in zip(row, previous))
        elif kind == 3:
            for x in range(stride):
                left = row[x - channels] if x >= channels else 0
                row[x] = (row[x] + ((left + previous[x]) >> 1)) & 255
        elif kind == 4:
            for x in range(stride):
                a = row[x - channels] if x >= channels else 0
                b = previous[x]
                c = previous[x - channels] if x >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows += row
        previous = row
    if channels == 4:
        if any(v != 255 for v in rows[3::4]):
            return None
        rgb = bytearray(width * height * 3)
        rgb[0::3], rgb[1::3], rgb[2::3] = rows[0::4], rows[1::4], rows[2::4]
        rows = rgb
    return width, height, bytes(rows)


def same_image(new, committed):
    if not os.path.exists(committed):
        print(f"{committed} does not exist", file=sys.stderr)
        return 1
    if new.endswith(".png"):
        a, b = png_pixels(new), png_pixels(committed)
        if a is None or b is None:
            print(f"{new if a is None else committed}: not an opaque 8-bit RGB(A) PNG", file=sys.stderr)
            return 1
        if a[:2] != b[:2]:
            print(f"{a[0]}x{a[1]} rendered, {b[0]}x{b[1]} committed", file=sys.stderr)
            return 1
        if a[2] != b[2]:
            differ = sum(1 for i in range(0, len(a[2]), 3) if a[2][i:i + 3] != b[2][i:i + 3])
            print(f"{differ} of {a[0] * a[1]} pixels differ", file=sys.stderr)
            return 1
        return 0
    if open(new, "rb").read() != open(committed, "rb").read():
        print("the files differ", file=sys.stderr)
        return 1
    return 0


MAGIC = {".png": [b"\x89PNG\r\n\x1a\n"], ".pdf": [b"%PDF-"], ".svg": [b"<?xml", b"<svg"]}


def check_outputs(folders):
    bad = 0
    count = 0
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            ext = os.path.splitext(name)[1].lower()
            if ext in MAGIC and os.path.isfile(path) and not os.path.islink(path):
                count += 1
                head = open(path, "rb").read(16)
                if not any(head.startswith(m) for m in MAGIC[ext]) or os.path.getsize(path) < 100:
                    print(f"{path}: not a {ext[1:].upper()} file", file=sys.stderr)
                    bad += 1
    print(count)
    return 1 if bad else 0


def slug(heading, seen):
    """GitHub's anchor for a heading."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
    n = seen.get(text, 0)
    seen[text] = n + 1
    return text if n == 0 else f"{text}-{n}"


def anchors(path):
    seen = {}
    result = set()
    fenced = False
    for line in open(path, encoding="utf-8"):
        if re.match(r"^\s*```", line):
            fenced = not fenced
            continue
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading and not fenced:
            result.add(slug(heading.group(1), seen))
    return result


def links(files):
    broken = 0
    count = 0
    for path in files:
        folder = os.path.dirname(os.path.abspath(path))
        # Fenced blocks and code spans (which may run over a line end) hold no links: blank them, keeping the lines.
        lines, fenced = [], False
        for line in open(path, encoding="utf-8").read().split("\n"):
            if re.match(r"^\s*```", line):
                fenced = not fenced
                lines.append("")
            else:
                lines.append("" if fenced else line)
        text = re.sub(r"`[^`]*`", lambda m: re.sub(r"[^\n]", " ", m.group(0)), "\n".join(lines))
        for match in re.finditer(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text):
            target = match.group(1)
            number = text.count("\n", 0, match.start()) + 1
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue
            count += 1
            file_part, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(folder, file_part)) if file_part else os.path.abspath(path)
            if not os.path.exists(resolved):
                print(f"{path}:{number}: {target}: {os.path.relpath(resolved)} does not exist", file=sys.stderr)
                broken += 1
            elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                print(f"{path}:{number}: {target}: no heading with the anchor #{anchor}", file=sys.stderr)
                broken += 1
    print(count)
    return 1 if broken else 0

if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "extract":
        sys.exit(extract(*arguments))
    if command == "same-image":
        sys.exit(same_image(*arguments))
    if command == "check-outputs":
        sys.exit(check_outputs(arguments))
    if command == "links":
        sys.exit(links(arguments))
    sys.exit(f"test-readme.py: unknown command {command}")
