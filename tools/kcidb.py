# SPDX-License-Identifier: GPL-2.0
"""Turn the runs under build/results into one KCIDB report: the JSON that
KernelCI's common results database takes (schema v5.3,
https://github.com/kernelci/kcidb-io), so that a lab can submit what it
ran here unchanged.

- A checkout per tree and state: the pristine tree (no patches) and the
  tree with its series (patches/TREE/series, with KCIDB's patch set hash).
- A build per kernel: the suites' kernel of each architecture (the splice
  matrix boots that same kernel again), the debug kernel; status, compiler,
  duration from kunit-run's output. A kernel that did not build is a FAIL
  build with no tests.
- A test per case, path kunit.SUITE.CASE[.PARAMETER], with kunit.py's
  status, the case's KTAP lines (read with the tree's own kunit_parser) and
  the environment: "qemu-tcg" and the QEMU machine from kunit.py's command
  line. Per booted kernel also "boot" (KTAP came out, or not) and
  "boot.kernel_log" (no warning, BUG or oops in it, as
  tools/kunit-summary reads one).
- kunit/expected-failures as KCIDB issues, one per reason (a comment
  block), and an incident for each test the listing covers: present when
  the case failed as listed.

Usage: tools/kcidb [--origin NAME] [--commit TREE=HASH]... [RUN...] > report.json
       tools/kcidb --validate REPORT [--schema FILE]
With no RUN, every run with a kunit.py log in build/results. A lab that
builds from git gives each tree's commit with --commit (KCIDB's
dashboard lists only checkouts that have one). --validate
checks a report against the KCIDB JSON Schema (Draft-07, with Debian's
python3-jsonschema); the schema is not ours to copy, so it is read from
../shared/kcidb/ beside the clone (or --schema, or $KCIDB_SCHEMA) and,
where there is none, the check says so and is skipped (exit 0)."""

import contextlib
import datetime
import hashlib
import importlib
import io
import json
import os
import pathlib
import re
import subprocess
import sys

import kunit_summary as summary
import topics

TOP = pathlib.Path(__file__).resolve().parent.parent
RESULTS = TOP / 'build' / 'results'
SCHEMA = TOP.parent / 'shared' / 'kcidb' / 'kcidb-io.schema.v5.3.json'
ORIGIN = 'kunit_random'
SCHEMA_VERSION = {'major': 5, 'minor': 3}
# Where each tree comes from: Debian's package of the stable branch.
TREES = {
    '6.1': ('build/linux', 'linux-source-6.1', 'linux-6.1.y'),
    '6.12': ('build/linux-6.12', 'linux-source-6.12', 'linux-6.12.y'),
}
STABLE_URL = 'https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git'
BUILT = re.compile(r'^(\S+): (?:built|build (FAILED)) in (\d+)m(\d+)s')
QEMU = re.compile(r'^\$ (qemu-system-\S+) (.*)$')
LOG_MAX = 16384


def tree_of(run):
    """The tree a run is of: 6.1's runs are ARCH, another's TREE-ARCH
    (tools/kunit-lib.sh); debug runs are debug-RUN."""
    name = run.removeprefix('debug-')
    for tree in TREES:
        if tree != '6.1' and name.startswith(tree + '-'):
            return tree
    return '6.1'


def kernel_of(run):
    """The build directory of the kernel a run booted, or None for a run
    that boots none (the splice matrix's static check of the source).
    The matrix boots the suites' kernel of its arch; the kmemleak scan is
    read from the debug kernel's run."""
    tree = tree_of(run)
    prefix = '' if tree == '6.1' else tree + '-'
    debug = 'debug-' if run.startswith('debug-') else ''
    name = run.removeprefix('debug-').removeprefix(prefix)
    if name == 'matrix-static':
        return None
    name = name.removeprefix('matrix-').removesuffix('-kmemleak')
    return debug + prefix + name


def arch_of(kernel):
    """kunit.py's name of a kernel's architecture."""
    name = kernel.removeprefix('debug-')
    return name.split('-', 1)[1] if tree_of(name) != '6.1' else name


def slug(text):
    """A KCIDB path segment ([a-zA-Z0-9_-]) for a case or parameter name."""
    return re.sub(r'[^a-zA-Z0-9_-]+', '_', text).strip('_') or '_'


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def patchset_hash(files):
    """KCIDB's patch set hash: sha256 over the newline-terminated sha256
    of each patch, in order ('' for none)."""
    if not files:
        return ''
    return sha256(''.join(sha256(f.read_bytes()) + '\n' for f in files).encode())


def series(tree, top=TOP):
    """The patch files of a tree's series, in the order they apply."""
    folder = top / 'patches' / tree
    return [folder / topic / name for topic, name in topics.read_series(folder)]


def tree_version(path):
    """VERSION.PATCHLEVEL.SUBLEVEL from a kernel tree's Makefile."""
    try:
        text = (path / 'Makefile').read_text()
    except OSError:
        return None
    fields = dict(re.findall(r'^(VERSION|PATCHLEVEL|SUBLEVEL) = (\d+)', text, re.M))
    if len(fields) != 3:
        return None
    return '{VERSION}.{PATCHLEVEL}.{SUBLEVEL}'.format(**fields)


def debian_version(package):
    try:
        out = subprocess.run(['dpkg-query', '-W', '-f=${Version}', package],
                             capture_output=True, text=True, check=False)
    except OSError:
        return None
    return out.stdout.strip() or None


def checkouts(tree, origin, top=TOP, commit=None):
    """The pristine tree and the tree with its series, as KCIDB checkouts;
    returns (pristine, series) objects. @commit is the upstream commit the
    tree is, where the caller knows it (a Debian source package has no
    history to tell)."""
    path, package, branch = TREES[tree]
    version = tree_version(top / path) or tree
    deb = debian_version(package)
    common = {
        'origin': origin,
        'tree_name': branch,
        'git_repository_url': STABLE_URL,
        'git_repository_branch': branch,
        'git_commit_name': f'v{version}',
        'valid': True,
        'misc': {'source': package, 'version': version},
    }
    if deb:
        common['misc']['debian_version'] = deb
    if commit:
        common['git_commit_hash'] = commit
    where = f"Debian's {package}" + (f' {deb}' if deb else '')
    base = dict(common, id=f'{origin}:linux-{version}', patchset_hash='',
                comment=f'{where}, as packaged')
    files = series(tree, top)
    digest = patchset_hash(files)
    with_series = dict(common, id=f'{origin}:linux-{version}+{digest[:16]}',
                       patchset_hash=digest,
                       comment=f'{where} with patches/{tree}/series '
                               f'({len(files)} patches)')
    with_series['misc'] = dict(common['misc'],
                               patches=[str(f.relative_to(top)) for f in files])
    return base, with_series


def stamp(path):
    """When @path was last written, as UTC 'YYYYMMDDTHHMMSS' for an id
    (None if it is not there): KCIDB merges objects that share an id, so
    two runs of the same kernel must not."""
    try:
        when = path.stat().st_mtime
    except OSError:
        return None
    return datetime.datetime.fromtimestamp(when, datetime.timezone.utc).strftime(
        '%Y%m%dT%H%M%S')


def read(path):
    try:
        return path.read_text(errors='replace')
    except OSError:
        return None


def build_outcome(kernel, results):
    """(status, seconds) from the line kunit-run prints after a build, in
    any run's log that built @kernel; (None, None) if none says."""
    for log in [results / f'{kernel}.log'] + sorted(results.glob('*.log')):
        for line in (read(log) or '').splitlines():
            match = BUILT.match(line)
            if match and match[1] == kernel:
                return ('FAIL' if match[2] else 'PASS',
                        int(match[3]) * 60 + int(match[4]))
    return None, None


def compiler(kernel, top=TOP):
    """The compiler a kernel's .config records."""
    text = read(top / 'build' / kernel / '.config') or ''
    match = re.search(r'^CONFIG_CC_VERSION_TEXT="(.*)"$', text, re.M)
    return match[1] if match else None


def qemu(output):
    """The test environment from kunit.py's 'Running tests with:' line."""
    for line in output:
        match = QEMU.match(line)
        if not match:
            continue
        args = match[2].split()
        env = {'platform': 'qemu-tcg', 'qemu': match[1], 'command': line[2:]}
        for flag, key in (('-M', 'machine'), ('-machine', 'machine'), ('-cpu', 'cpu')):
            if flag in args[:-1]:
                env[key] = args[args.index(flag) + 1]
        env.setdefault('machine', 'default')
        return {'comment': 'qemu-tcg', 'misc': env}
    return None


def parser_for(tree, top=TOP):
    """The KTAP parser of kunit.py in @tree, quiet; None without the tree."""
    where = top / TREES[tree][0] / 'tools' / 'testing' / 'kunit'
    if not (where / 'kunit_parser.py').exists():
        return None
    saved = sys.path[:]
    sys.path.insert(0, str(where))
    try:
        for name in ('kunit_printer', 'kunit_parser'):
            sys.modules.pop(name, None)
        parser = importlib.import_module('kunit_parser')
        printer = importlib.import_module('kunit_printer')
        parser.stdout = printer.Printer(io.StringIO())
    finally:
        sys.path[:] = saved
    return parser


def case_logs(parser, kernel_log):
    """{'suite.case' or 'suite.case/param': its KTAP lines} from a kernel
    log, as kunit.py's own parser reads it."""
    if parser is None or kernel_log is None:
        return {}
    with contextlib.redirect_stdout(io.StringIO()):
        top = parser.parse_run_tests(kernel_log.splitlines(keepends=True))
    logs = {}

    def walk(test, path):
        for sub in test.subtests:
            names = path + (sub.name,)
            name = '.'.join(names[:2]) + ''.join('/' + n for n in names[2:])
            logs[name] = ''.join(line if line.endswith('\n') else line + '\n'
                                 for line in sub.log)
            walk(sub, names)
    walk(top, ())
    return logs


def excerpt(text):
    """The last LOG_MAX characters of @text, without NULs."""
    text = text.replace('\0', '')
    return text[-LOG_MAX:]


def issues(origin, path):
    """KCIDB issues for the expected failures, and {(RUN, listing): id}."""
    out, index = [], {}
    for reason, entries in summary.expected_failure_reasons(path):
        run, name = entries[0]
        ident = f'{origin}:expected-failure:{run}:{name}'
        subject = reason.split('. ')[0].rstrip('.')
        if len(subject) > 160:
            subject = subject[:160].rsplit(' ', 1)[0] + ' ...'
        out.append({
            'id': ident, 'version': 1, 'origin': origin,
            'comment': subject,
            'misc': {'reason': reason, 'listed_in': 'kunit/expected-failures',
                     'listings': [f'{r} {n}' for r, n in entries]},
        })
        for entry in entries:
            index[entry] = ident
    return out, index


def report(runs, origin=ORIGIN, results=RESULTS, top=TOP,
           xfail=None, xskip=None, commits=None):
    """The KCIDB report (a dict) for @runs; @commits maps a tree to the
    upstream commit it was built from, where known."""
    xfail = xfail or top / 'kunit' / 'expected-failures'
    xskip = xskip or top / 'kunit' / 'expected-skips'
    doc = {'version': dict(SCHEMA_VERSION), 'checkouts': [], 'builds': [],
           'tests': [], 'issues': [], 'incidents': []}
    listed = summary.expected_failures(xfail) if xfail.exists() else {}
    skips = summary.expected_failures(xskip) if xskip.exists() else {}
    doc['issues'], issue_of = issues(origin, xfail)
    trees, builds, parsers = {}, {}, {}
    for run in runs:
        tree = tree_of(run)
        if tree not in trees:
            base, with_series = checkouts(tree, origin, top,
                                          (commits or {}).get(tree))
            trees[tree] = with_series['id']
            doc['checkouts'] += [base, with_series]
            parsers[tree] = parser_for(tree, top)
        kernel = kernel_of(run)
        # A kernel's id carries when its run's log was written (the log
        # of the run that built it, or else this run's).
        when = stamp(results / f'{kernel}.log') or stamp(results / f'{run}.log')
        build_id = f'{trees[tree]}:{kernel or "no-kernel"}@{when}'
        if build_id not in builds:
            build = {'id': build_id, 'origin': origin,
                     'checkout_id': trees[tree]}
            if kernel:
                status, seconds = build_outcome(kernel, results)
                build.update(architecture=arch_of(kernel),
                             config_name='kunit-debug' if kernel.startswith('debug-')
                             else 'kunit',
                             misc={'build_dir': f'build/{kernel}'})
                if status:
                    build.update(status=status, duration=seconds)
                cc = compiler(kernel, top)
                if cc:
                    build['compiler'] = cc
            else:
                build.update(status='PASS', config_name='none',
                             comment='no kernel: a check of the source '
                                     '(tools/splice-matrix/static-check)')
            builds[build_id] = build
            doc['builds'].append(build)
        doc['tests'] += run_tests(run, build_id, origin, results, parsers[tree],
                                  listed, skips, issue_of, doc['incidents'])
    return doc


def run_tests(run, build_id, origin, results, parser, listed, skips,
              issue_of, incidents):
    """The KCIDB tests of one run (and its incidents, added to @incidents)."""
    output = (read(results / f'{run}.log') or '').splitlines()
    prefix = f'{origin}:{run}@{stamp(results / f"{run}.log")}'
    kernel_log = read(results / f'{run}.kernel.log')
    env = qemu(output) if kernel_of(run) else {'comment': 'host'}
    try:
        top = json.loads((results / f'{run}.json').read_text())
    except (OSError, ValueError):
        top = None
    tests = []

    def test(path, status, name, log=None, misc=None):
        item = {'id': f'{prefix}:{name}', 'origin': origin,
                'build_id': build_id, 'path': path, 'status': status,
                'misc': dict(misc or {}, run=run)}
        if env:
            item['environment'] = env
        if log:
            item['log_excerpt'] = excerpt(log)
        tests.append(item)
        return item

    # The run booted a kernel in QEMU (kunit.py's output has the command).
    if env and env.get('comment') == 'qemu-tcg':
        booted = top is not None and any(True for _ in summary.leaves(top))
        tail = '\n'.join((kernel_log or '').splitlines()[-40:])
        test('boot', 'PASS' if booted else 'FAIL', 'boot',
             None if booted else tail or 'no kernel log',
             {'about': 'the kernel booted and its KTAP came out'})
        if kernel_log is not None:
            lines = summary.read_log(results / f'{run}.kernel.log')
            bad = summary.splats(lines)
            test('boot.kernel_log', 'FAIL' if bad else 'PASS', 'kernel_log',
                 '\n'.join(bad) or None,
                 {'about': 'no warning, BUG or oops in the kernel log'})
    if top is None:
        return tests
    logs = case_logs(parser, kernel_log)
    base = run.removeprefix('debug-')
    for name, status in summary.leaves(top):
        suite_case, _, param = name.partition('/')
        path = 'kunit.' + '.'.join(slug(p) for p in suite_case.split('.'))
        if param:
            path += '.' + slug(param)
        misc = {'kunit_name': name}
        xfail_key = summary.listing(name, listed.get(base, {}))
        if xfail_key:
            misc['expected'] = 'fail'
        elif summary.listing(name, skips.get(base, {})):
            misc['expected'] = 'skip'
        item = test(path, status if status in ('PASS', 'FAIL', 'SKIP') else 'ERROR',
                    name, logs.get(name), misc)
        issue = issue_of.get((base, xfail_key)) if xfail_key else None
        if issue:
            incidents.append({'id': f'{item["id"]}:{issue.split(":", 1)[1]}',
                              'origin': origin, 'issue_id': issue,
                              'issue_version': 1, 'test_id': item['id'],
                              'present': status == 'FAIL'})
    return tests


def all_runs(results=RESULTS):
    """Every run in @results: a kunit.py log (RUN.log) with its results
    (RUN.json), or one that says the kernel did not build."""
    runs = []
    for log in sorted(results.glob('*.log')):
        run = log.name[:-len('.log')]
        if run.endswith('.kernel'):
            continue
        if (results / f'{run}.json').exists() or any(
                BUILT.match(line) for line in (read(log) or '').splitlines()):
            runs.append(run)
    return runs


def schema_path(given=None):
    return pathlib.Path(given or os.environ.get('KCIDB_SCHEMA') or SCHEMA)


def problems(doc, schema):
    """What the KCIDB schema finds wrong in @doc, one message each."""
    try:
        import jsonschema
    except ImportError:
        # Debian's python3-jsonschema (tools/deps kcidb), where python3 is
        # another interpreter of the same version than Debian's own.
        sys.path.append('/usr/lib/python3/dist-packages')
        import jsonschema
    validator = jsonschema.Draft7Validator(json.loads(schema.read_text()))
    return [f'{"/".join(map(str, err.absolute_path)) or "(top)"}: {err.message}'
            for err in sorted(validator.iter_errors(doc), key=str)]


def validate(path, schema):
    if not schema.exists():
        print(f'kcidb: {schema} is absent (../shared is not beside this clone): '
              'schema check skipped')
        return 0
    doc = json.loads(pathlib.Path(path).read_text())
    wrong = problems(doc, schema)
    for line in wrong[:20]:
        print(f'kcidb: {path}: {line}')
    if wrong:
        print(f'kcidb: {path}: {len(wrong)} schema errors')
        return 1
    print(f'kcidb: {path} is a valid KCIDB v{SCHEMA_VERSION["major"]}.'
          f'{SCHEMA_VERSION["minor"]} report: {len(doc["checkouts"])} checkouts, '
          f'{len(doc["builds"])} builds, {len(doc["tests"])} tests, '
          f'{len(doc["issues"])} issues, {len(doc["incidents"])} incidents')
    return 0


def cli(args):
    origin, schema, commits = ORIGIN, None, {}
    while '--commit' in args:
        at = args.index('--commit')
        tree, _, commit = args[at + 1].partition('=')
        if tree not in TREES or not re.fullmatch(r'[0-9a-f]{40}', commit):
            print(f'kcidb: --commit wants TREE=HASH (a full hash), not {args[at + 1]}',
                  file=sys.stderr)
            return 2
        commits[tree] = commit
        del args[at:at + 2]
    if '--origin' in args:
        at = args.index('--origin')
        origin = args[at + 1]
        del args[at:at + 2]
    if '--schema' in args:
        at = args.index('--schema')
        schema = args[at + 1]
        del args[at:at + 2]
    if args[:1] == ['--validate']:
        if len(args) != 2:
            print(__doc__.split('\n\n')[-2], file=sys.stderr)
            return 2
        return validate(args[1], schema_path(schema))
    if not re.fullmatch(r'[a-z0-9_]+', origin):
        print(f'kcidb: origin {origin!r} must match [a-z0-9_]+', file=sys.stderr)
        return 2
    runs = args or all_runs()
    if not runs:
        print('kcidb: no runs in build/results', file=sys.stderr)
        return 1
    missing = [run for run in runs if not (RESULTS / f'{run}.log').exists()
               and not (RESULTS / f'{run}.json').exists()]
    if missing:
        print(f'kcidb: no such run in build/results: {" ".join(missing)}',
              file=sys.stderr)
        return 1
    json.dump(report(runs, origin, commits=commits), sys.stdout, indent=1,
              sort_keys=True)
    print()
    return 0
