# SPDX-License-Identifier: GPL-2.0
"""The series as topics: one git format-patch --cover-letter --base series
per maintainer tree, in patches/TREE/TOPIC/, listed in order by
patches/TREE/series (quilt's format) and described by patches/TREE/topics.

export: write every topic and the series from the commits on top of "base"
in the tree (build/linux for 6.1, build/linux-TREE for another TREE). Commit i of base..HEAD belongs to the topic of line i of
the series as it stands, so a new commit needs its line first (any name in
the topic's folder will do; export renames it). Each topic is rebuilt on
its own branch, topic/NAME, on top of base or of the topic it comes after,
without a working tree. Its cover letter keeps the subject and the text
that the one it replaces had, and gets To: and Cc: from
scripts/get_maintainer.pl.

check: every topic's folder holds what the series lists for it and a
finished cover letter with To:, its prerequisite-patch-id lines are
exactly the patches of the topics it comes after, and it applies to base
alone on top of them; the whole series applies in order.
"""

import contextlib
import os
import re
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The tree as tools/kunit-lib.sh names it: TREE=6.1 (the default) is
# build/linux, another build/linux-TREE; its series is patches/TREE.
VERSION = os.environ.get("TREE") or "6.1"
TREE = os.path.join(TOP, "build", "linux" if VERSION == "6.1" else "linux-" + VERSION)
PLACEHOLDERS = ("*** SUBJECT HERE ***", "*** BLURB HERE ***")
# The roles of scripts/get_maintainer.pl that take a patch: the rest
# (reviewers, lists) are copied.
TO_ROLES = ("maintainer", "supporter", "odd fixer")


class TopicError(Exception):
    pass


def git(*args, env=None, stdin=None):
    full = dict(os.environ, **(env or {}))
    out = subprocess.run(["git", "-C", TREE] + list(args), input=stdin,
                         capture_output=True, text=True, env=full)
    if out.returncode:
        raise TopicError("git %s: %s" % (" ".join(args[:2]), out.stderr.strip()))
    return out.stdout


def lines_of(path):
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                yield line


def read_topics(folder):
    """TOPIC -> (AFTER or None, PREFIX, [ALSO...]), in the file's order."""
    topics = {}
    for line in lines_of(os.path.join(folder, "topics")):
        words = line.split()
        if len(words) < 4:
            raise TopicError("topics: too few columns: %s" % line)
        after = None if words[1] == "-" else words[1]
        if after is not None and after not in topics:
            raise TopicError("topics: %s comes after %s, which is not above it"
                             % (words[0], after))
        also = [] if words[-1] == "-" else words[-1].split(",")
        topics[words[0]] = (after, " ".join(words[2:-1]), also)
    return topics


def read_series(folder):
    """[(TOPIC, FILE)] in application order."""
    series = []
    for line in lines_of(os.path.join(folder, "series")):
        topic, _, name = line.partition("/")
        if not name or "/" in name:
            raise TopicError("series: not TOPIC/FILE: %s" % line)
        series.append((topic, name))
    return series


def chain(topics, name):
    """The topics NAME comes after, nearest last, then NAME."""
    names = []
    while name is not None:
        names.insert(0, name)
        name = topics[name][0]
    return names


def cover_text(path):
    """The subject (unfolded, without its [PATCH ...]) and the text above
    the shortlog of the cover letter at PATH, or None if there is none."""
    if not os.path.exists(path):
        return None
    with open(path) as f:
        head, _, body = f.read().partition("\n\n")
    subject = re.search(r"^Subject: (.*(?:\n .*)*)", head, re.M)
    subject = re.sub(r"\n ", " ", subject.group(1)) if subject else ""
    subject = re.sub(r"^\[[^]]*\] ", "", subject)
    shortlog = re.search(r"^\S.* \(\d+\):$", body, re.M)
    blurb = body[:shortlog.start()] if shortlog else body
    if any(p in subject + blurb for p in PLACEHOLDERS):
        return None
    return subject, blurb.rstrip("\n") + "\n\n"


def fold(header, text, width=78):
    """HEADER: TEXT folded as git format-patch folds a subject."""
    out, line = [], header + ":"
    for word in text.split():
        if len(line) + 1 + len(word) > width and line.strip() != header + ":":
            out.append(line)
            line = ""
        line += " " + word
    return "\n".join(out + [line])


def maintainers(patches, also):
    """(To, Cc) from scripts/get_maintainer.pl for PATCHES and the files ALSO."""
    # get_maintainer.pl's -f takes every argument for a source file, so
    # the patches and the files ALSO are asked about in two runs.
    args = ["perl", "scripts/get_maintainer.pl", "--no-git", "--no-git-fallback",
            "--no-fixes", "--no-tree"]
    # Perl orders a hash's keys at random from run to run, and
    # get_maintainer.pl lists people with equal standing in that order:
    # a fixed seed gives the same To: and Cc: on every export.
    env = dict(os.environ, PERL_HASH_SEED="0")
    lines = []
    for run in [patches] + ([["-f"] + also] if also else []):
        lines += subprocess.run(args + run, cwd=TREE, capture_output=True, text=True,
                                check=True, env=env).stdout.splitlines()
    to, cc = [], []
    for line in lines:
        m = re.match(r"(.*?) \((.*)\)$", line)
        who, roles = (m.group(1), m.group(2)) if m else (line, "")
        dest = to if any(r + ":" in roles for r in TO_ROLES) else cc
        if who not in to + cc:
            dest.append(who)
    return to, cc


@contextlib.contextmanager
def scratch_index(start="base"):
    """A git environment whose index is a throwaway copy of START's tree:
    patches apply to it and trees are written from it without touching
    the tree's working files."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {"GIT_INDEX_FILE": os.path.join(tmp, "index")}
        git("read-tree", start, env=env)
        yield env


def build_branch(name, start, commits):
    """topic/NAME: COMMITS applied in turn on START, committed as their
    authors did, without a working tree."""
    with scratch_index(start) as env:
        tip = start
        for c in commits:
            diff = git("diff-tree", "-p", "--binary", "--full-index", c + "^", c)
            try:
                git("apply", "--cached", env=env, stdin=diff)
            except TopicError:
                raise TopicError("%s does not apply on top of %s's base: %s"
                                 % (git("log", "-1", "--format=%s", c).strip(),
                                    name, start)) from None
            tree = git("write-tree", env=env).strip()
            who = git("log", "-1", "--format=%an%x00%ae%x00%ad", "--date=raw", c)
            an, ae, ad = who.strip().split("\0")
            ident = {"GIT_AUTHOR_NAME": an, "GIT_AUTHOR_EMAIL": ae,
                     "GIT_AUTHOR_DATE": ad, "GIT_COMMITTER_NAME": an,
                     "GIT_COMMITTER_EMAIL": ae, "GIT_COMMITTER_DATE": ad}
            msg = git("log", "-1", "--format=%B", c)
            tip = git("commit-tree", tree, "-p", tip, env=ident, stdin=msg).strip()
    git("update-ref", "refs/heads/topic/" + name, tip)
    return tip


def format_topic(folder, name, start, tip, prefix, also):
    old = cover_text(os.path.join(folder, name, "0000-cover-letter.patch"))
    out = os.path.join(folder, name)
    if os.path.isdir(out):
        for f in os.listdir(out):
            if f.endswith(".patch"):
                os.remove(os.path.join(out, f))
    who = git("log", "-1", "--format=%an%x00%ae%x00%ad", "--date=raw", tip)
    an, ae, ad = who.strip().split("\0")
    ident = {"GIT_COMMITTER_NAME": an, "GIT_COMMITTER_EMAIL": ae, "GIT_COMMITTER_DATE": ad}
    common = ["format-patch", "--quiet", "--zero-commit", "--abbrev=9", "--base=base",
              "--subject-prefix=" + prefix, start + ".." + tip]
    with tempfile.TemporaryDirectory() as tmp:
        git(*common, "-o", tmp, env=ident)
        patches = sorted(os.path.join(tmp, f) for f in os.listdir(tmp))
        to, cc = maintainers(patches, also)
    git(*common, "--cover-letter", "-o", out, *["--to=" + t for t in to],
        *["--cc=" + c for c in cc], env=ident)
    names = sorted(os.listdir(out))
    if old:
        path = os.path.join(out, names[0])
        with open(path) as f:
            text = f.read()
        subject = re.search(r"^Subject: (\[[^]]*\]) \*\*\* SUBJECT HERE \*\*\*$", text, re.M)
        text = (text[:subject.start()] + fold("Subject", subject.group(1) + " " + old[0])
                + text[subject.end():])
        text = text.replace("*** BLURB HERE ***\n\n", old[1], 1)
        with open(path, "w") as f:
            f.write(text)
    else:
        print("export-patches: %s has a new cover letter: write its subject and text"
              % name, file=sys.stderr)
    return names[1:]


def export(folder):
    without = os.path.join(TREE, ".git", "series.without")
    if os.path.exists(without) and open(without).read().strip():
        raise TopicError("%s was laid out WITHOUT=%s; exporting would drop"
                         " those patches. Run 'make tree' first."
                         % (os.path.relpath(TREE, TOP), open(without).read().strip()))
    topics = read_topics(folder)
    series = read_series(folder)
    commits = git("rev-list", "--reverse", "base..HEAD").split()
    if len(commits) != len(series):
        raise TopicError("%s has %d commits on base and the series %d lines:"
                         " give each new commit its line in the series first"
                         % (os.path.relpath(TREE, TOP), len(commits), len(series)))
    unknown = {t for t, _ in series} - set(topics)
    if unknown:
        raise TopicError("series: topics not in topics: " + " ".join(sorted(unknown)))
    new_series, tips = [], {}
    for name, (after, prefix, also) in topics.items():
        mine = [c for c, (t, _) in zip(commits, series) if t == name]
        if not mine:
            raise TopicError("topics: %s has no patch in the series" % name)
        start = tips[after] if after else git("rev-parse", "base").strip()
        tips[name] = build_branch(name, start, mine)
        for f in format_topic(folder, name, start, tips[name], prefix, also):
            new_series.append(name + "/" + f)
    write_series(folder, new_series)
    # What the series applies to must be the tree it was exported from.
    with scratch_index() as env:
        applies([os.path.join(folder, e) for e in new_series], env, "the series")
        if git("write-tree", env=env) != git("rev-parse", "HEAD^{tree}"):
            raise TopicError("the topics applied in order do not give %s's tree"
                             % os.path.relpath(TREE, TOP))
    return new_series


def write_series(folder, entries):
    path = os.path.join(folder, "series")
    with open(path) as f:
        head = [line for line in f if line.startswith("#")]
    with open(path, "w") as f:
        f.writelines(head)
        f.writelines(e + "\n" for e in entries)


def patch_id(path):
    with open(path) as f:
        out = git("patch-id", "--stable", stdin=f.read()).split()
    return out[0] if out else None


def applies(patches, env, what):
    """Apply PATCHES in turn to the index ENV names; TopicError at the
    first that is missing or does not apply."""
    for p in patches:
        try:
            with open(p) as f:
                git("apply", "--cached", env=env, stdin=f.read())
        except OSError:
            raise TopicError("%s: %s is missing" % (what, os.path.relpath(p, TOP))) from None
        except TopicError as e:
            raise TopicError("%s: %s does not apply: %s"
                             % (what, os.path.relpath(p, TOP), e)) from None


def check(folder):
    topics = read_topics(folder)
    series = read_series(folder)
    problems = []
    files = {t: [os.path.join(folder, t, n) for s, n in series if s == t] for t in topics}
    unknown = sorted({t for t, _ in series} - set(topics))
    if unknown:
        problems.append("series: topics that topics does not list: " + " ".join(unknown))
    elif [t for t, _ in series] != sorted((t for t, _ in series), key=list(topics).index):
        problems.append("series: the topics are not in the order of topics")
    for name in topics:
        cover = os.path.join(folder, name, "0000-cover-letter.patch")
        on_disk = sorted(f for f in os.listdir(os.path.join(folder, name))
                         if f.endswith(".patch") and f != "0000-cover-letter.patch") \
            if os.path.isdir(os.path.join(folder, name)) else []
        if on_disk != [os.path.basename(p) for p in files[name]] or not on_disk:
            problems.append("%s: the folder holds %s, the series lists %s"
                            % (name, on_disk, [os.path.basename(p) for p in files[name]]))
            continue
        if not os.path.exists(cover):
            problems.append("%s: no cover letter" % name)
            continue
        with open(cover) as f:
            text = f.read()
        head = text.partition("\n\n")[0]
        if cover_text(cover) is None:
            problems.append("%s: the cover letter is not written" % name)
        if not re.search(r"^To: ", head, re.M):
            problems.append("%s: the cover letter has no To:" % name)
        want = re.search(r"\[(.*) 0*0/(\d+)\]", head)
        if not want or int(want.group(2)) != len(files[name]) or \
                want.group(1) != topics[name][1]:
            problems.append("%s: the cover letter's subject does not say [%s 0/%d]"
                            % (name, topics[name][1], len(files[name])))
        said = set(re.findall(r"^prerequisite-patch-id: (\w+)$", text, re.M))
        needs = [p for t in chain(topics, name)[:-1] for p in files[t]]
        if said != {patch_id(p) for p in needs}:
            problems.append("%s: the cover letter's prerequisite-patch-id lines are not"
                            " the patches of %s" % (name, " ".join(chain(topics, name)[:-1])
                                                    or "no topic"))
        # In its text, not in a path of the diffstat: "the kunit topic".
        blurb = (cover_text(cover) or ("", ""))[1]
        after = topics[name][0]
        if after and not re.search(r"\b%s topic\b" % re.escape(after), blurb.replace("\n", " ")):
            problems.append("%s: the cover letter does not name the %s topic, which it"
                            " comes after" % (name, after))
        with scratch_index() as env:
            try:
                applies(needs + files[name], env, name + " alone on base"
                        + (" and " + " ".join(chain(topics, name)[:-1])
                           if topics[name][0] else ""))
            except TopicError as e:
                problems.append(str(e))
    with scratch_index() as env:
        try:
            applies([os.path.join(folder, t, n) for t, n in series], env, "the series")
        except TopicError as e:
            problems.append(str(e))
    return problems


def main(argv):
    folder = os.path.join(TOP, "patches", VERSION)
    try:
        if argv[1:] == ["export"]:
            export(folder)
            print("export-patches: %d patches in %d topics under %s"
                  % (len(read_series(folder)), len(read_topics(folder)),
                     os.path.relpath(folder, TOP)))
            return 0
        if argv[1:] == ["check"]:
            problems = check(folder)
            for p in problems:
                print("check-topics: " + p, file=sys.stderr)
            if not problems:
                print("check-topics: %d topics, each applies alone on its stated base;"
                      " the series applies in order" % len(read_topics(folder)))
            return 1 if problems else 0
    except TopicError as e:
        print("%s: %s" % (os.path.basename(argv[0]), e), file=sys.stderr)
        return 1
    print("usage: topics.py export|check", file=sys.stderr)
    return 2
