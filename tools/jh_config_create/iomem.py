# SPDX-License-Identifier: GPL-2.0
"""/proc/iomem and /proc/ioports: Linux's tree of the resources it knows."""

import re


class Resource:
    def __init__(self, start, end, name, depth):
        self.start, self.end, self.name, self.depth = start, end, name, depth
        self.children = []

    @property
    def size(self):
        return self.end - self.start


def parse_iomem(text):
    """/proc/iomem or /proc/ioports -> top-level Resources with children;
    end is exclusive."""
    top, stack = [], []
    for line in text.splitlines():
        m = re.match(r"( *)([0-9a-f]+)-([0-9a-f]+) : (.*)", line)
        if not m:
            continue
        depth = len(m.group(1)) // 2
        res = Resource(int(m.group(2), 16), int(m.group(3), 16) + 1,
                       m.group(4).strip(), depth)
        while stack and stack[-1].depth >= depth:
            stack.pop()
        (stack[-1].children if stack else top).append(res)
        stack.append(res)
    return top


def walk_resources(resources):
    for res in resources:
        yield res
        yield from walk_resources(res.children)
