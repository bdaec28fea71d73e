# SPDX-License-Identifier: GPL-2.0
"""Write the KernelCI job description for a lab (kunit/lab/kernelci.yaml)
from the lists it must cover: every architecture of kunit/arches on every
tree of the Makefile's ARCH_TREES (what make test-arches runs), and the
benchmark on real machines. docs/lab.md says why KernelCI and how a lab
submits what the jobs produce.

Each QEMU job runs this project's own entry point for one tree and one
architecture in a container that holds the architecture's Debian
packages (kunit/arches), then turns the run into a KCIDB report
(tools/kcidb), whose issues and incidents carry kunit/expected-failures.

Usage: tools/lab-plan > kunit/lab/kernelci.yaml
       tools/lab-plan --check   (the file is what this writes, and it
                                 covers every tree x architecture)"""

import pathlib
import re
import sys

import kunit_summary as summary

TOP = pathlib.Path(__file__).resolve().parent.parent
PLAN = TOP / 'kunit' / 'lab' / 'kernelci.yaml'
# The jobs QEMU under TCG cannot stand for (docs/lab.md): the arch
# ChaCha20 at a real CPU's speed, and user copies on cores with features
# TCG does not model. Each boots the same kernels under KVM on a lab
# machine of that architecture (-cpu host: the machine's own features).
KVM = "--qemu_args='-accel kvm -cpu host'"
HARDWARE = [
    ('bench-random-x86_64', 'x86_64',
     'an x86_64 machine with KVM and AVX2 (one with AVX-512 too)',
     ['tools/deps build bench x86_64 init-x86_64',
      'tools/prepare-tree',
      f'tools/bench/run x86_64 {KVM}',
      'tools/bench/report x86_64 > bench-x86_64.md']),
    ('bench-random-arm64', 'arm64',
     'an arm64 machine with KVM (NEON ChaCha20 at full speed)',
     ['tools/deps build bench arm64 init-arm64',
      'tools/prepare-tree',
      f'tools/bench/run arm64 {KVM}',
      'tools/bench/report arm64 > bench-arm64.md']),
    ('kunit-random-6_12-arm64-kvm', 'arm64',
     'an arm64 machine with KVM whose cores have PAN and FEAT_MOPS',
     ['TREE=6.12 tools/deps build arm64',
      'TREE=6.12 tools/prepare-tree',
      f'TREE=6.12 tools/kunit-run arm64 {KVM}',
      'tools/kunit-summary 6.12-arm64',
      'tools/kcidb --origin $KCIDB_ORIGIN 6.12-arm64 > kcidb-6.12-arm64-kvm.json']),
]


def arches(top=TOP):
    """[(arch, [Debian packages])] from kunit/arches, in its order."""
    rows = []
    for line in (top / 'kunit' / 'arches').read_text().splitlines():
        if line.strip() and not line.startswith('#'):
            fields = line.split()
            rows.append((fields[0], fields[4:]))
    return rows


def trees(top=TOP):
    """The Makefile's ARCH_TREES: the trees make test-arches runs."""
    match = re.search(r'^ARCH_TREES = (.*)$', (top / 'Makefile').read_text(), re.M)
    return match[1].split()


def job_name(tree, arch):
    return f'kunit-random-{tree.replace(".", "_")}-{arch}'


def plan(top=TOP):
    """The YAML text of the plan."""
    base = ['build']
    out = [
        '# SPDX-License-Identifier: GPL-2.0',
        '# Written by tools/lab-plan from kunit/arches and the Makefile\'s',
        '# ARCH_TREES; do not edit (make check-tools compares).',
        '#',
        '# A KernelCI pipeline description (the jobs/scheduler layout of',
        '# kernelci-pipeline\'s config) for a lab that runs this project:',
        '# one job per tree and architecture, each in a container with the',
        '# packages listed, which checks out this repository and runs the',
        '# job\'s commands in it; then the hardware jobs. docs/lab.md has',
        '# what each key means to us and how the results reach KCIDB.',
        '',
        'trees:',
    ]
    for tree in trees(top):
        out += [f'  linux-{tree}.y:',
                '    url: https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git',
                f'    branch: linux-{tree}.y',
                f'    debian_source: linux-source-{tree}',
                f'    series: patches/{tree}/series']
    out += ['', 'jobs:']
    for tree in trees(top):
        for arch, packages in arches(top):
            run = summary.run_name(tree, arch)
            deps = ' '.join(base + [arch])
            out += [
                f'  {job_name(tree, arch)}:',
                '    template: kunit.jinja2',
                '    kind: test',
                f'    tree: linux-{tree}.y',
                '    params:',
                f'      arch: {arch}',
                f'      packages: [{", ".join(packages)}]',
                '      environment: qemu-tcg',
                '      commands:',
                f'        - TREE={tree} tools/deps {deps}',
                f'        - TREE={tree} tools/prepare-tree',
                f'        - TREE={tree} tools/kunit-run {arch}',
                f'        - tools/kunit-summary {run}',
                f'        - tools/kcidb --origin $KCIDB_ORIGIN {run} > kcidb-{run}.json',
                f'      results: [build/results/{run}.json, build/results/{run}.log,',
                f'                build/results/{run}.kernel.log, kcidb-{run}.json]',
            ]
    for name, arch, machine, commands in HARDWARE:
        out += [
            f'  {name}:',
            '    template: kvm.jinja2',
            '    kind: test',
            '    tree: linux-6.12.y' if 'TREE=6.12' in commands[0] else
            '    tree: linux-6.1.y',
            '    params:',
            f'      arch: {arch}',
            f'      machine: {machine}',
            '      environment: kvm',
            '      commands:',
        ] + [f'        - {command}' for command in commands]
    out += ['', 'scheduler:']
    for tree in trees(top):
        for arch, _ in arches(top):
            out += [f'  - job: {job_name(tree, arch)}',
                    '    event: {channel: node, name: checkout, state: available}',
                    '    runtime: {type: docker}']
    for name, *_ in HARDWARE:
        out += [f'  - job: {name}',
                '    event: {channel: node, name: checkout, state: available}',
                '    runtime: {type: lava}']
    return '\n'.join(out) + '\n'


def check(top=TOP, path=PLAN):
    """What is wrong with the committed plan, one message each."""
    import yaml
    problems = []
    text = path.read_text() if path.exists() else ''
    if text != plan(top):
        problems.append(f'{path} is not what tools/lab-plan writes: '
                        f'run tools/lab-plan > kunit/lab/kernelci.yaml')
    doc = yaml.safe_load(text) or {}
    jobs = doc.get('jobs', {})
    scheduled = {entry.get('job') for entry in doc.get('scheduler', [])}
    for tree in trees(top):
        for arch, _ in arches(top):
            name = job_name(tree, arch)
            job = jobs.get(name)
            if not job:
                problems.append(f'no job for {arch} on {tree}')
                continue
            commands = job['params']['commands']
            if f'TREE={tree} tools/kunit-run {arch}' not in commands:
                problems.append(f'{name} does not run the suites of {arch} on {tree}')
            if name not in scheduled:
                problems.append(f'{name} is never scheduled')
    return problems


def cli(args):
    if args == ['--check']:
        problems = check()
        for line in problems:
            print(f'lab-plan: {line}')
        return 1 if problems else 0
    if args:
        print(__doc__.split('\n\n')[-1], file=sys.stderr)
        return 2
    sys.stdout.write(plan())
    return 0
