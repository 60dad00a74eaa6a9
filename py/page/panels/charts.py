"""Charts and small elements the panels share: vertical bar charts as SVG with a text
alternative (the odds panel's and the statistics'), and ``node``, an element with text and
attributes. Labels and values reach the page through ``textContent`` and attributes only."""

from __future__ import annotations

from pyscript import document

from page.dom import Node
from page.texts import percent as pct

SVG = "http://www.w3.org/2000/svg"


def node(tag: str, text: str = "", **attrs: str) -> Node:
    el = document.createElement(tag)
    if text:
        el.textContent = text
    for name, value in attrs.items():
        el.setAttribute(name.rstrip("_").replace("_", "-"), value)
    return el


def svg(tag: str, text: str = "", **attrs: str | float) -> Node:
    el = document.createElementNS(SVG, tag)
    if text:
        el.textContent = text
    for name, value in attrs.items():
        el.setAttribute(name.rstrip("_").replace("_", "-"), str(value))
    return el


def bar_chart(title: str, labels: list[str], series: list[tuple[str, list[float]]], testid: str) -> Node:
    """Vertical bars (one group per label, one bar per series), values 0..1, as SVG with a
    text alternative: a <title> and an aria-label listing every value. A label may take two
    lines ("\n"); the chart widens (and scales down) rather than crowd its labels or bars."""
    height, pad, top = 190, 28, 14
    groups = len(labels)
    longest = max((len(line) for label in labels for line in label.split("\n")), default=0)
    group_w = max((560 - pad) / max(groups, 1), longest * 6.5 + 8, 18 * len(series) / 0.8)
    width = pad + groups * group_w
    bar_w = group_w * 0.8 / max(len(series), 1)
    names = [label.replace("\n", " ") for label in labels]
    summary = "; ".join(
        f"{label}: " + ", ".join(f"{name} {pct(values[i])}" if name else pct(values[i]) for name, values in series)
        for i, label in enumerate(names)
    )
    lines = max((label.count("\n") + 1 for label in labels), default=1)
    chart = svg("svg", viewBox=f"0 0 {width:.0f} {height + 12 + 12 * lines}", role="img", class_="chart",
                data_testid=testid)  # fmt: skip
    chart.setAttribute("aria-label", f"{title}. {summary}")
    chart.append(svg("title", title))
    peak = max((v for _, values in series for v in values), default=0) or 1
    for s_index, (name, values) in enumerate(series):
        for i, value in enumerate(values):
            h = (height - top) * value / peak
            x = pad + i * group_w + group_w * 0.1 + s_index * bar_w
            rect = svg("rect", x=f"{x:.1f}", y=f"{height - h:.1f}", width=f"{bar_w - 2:.1f}", height=f"{h:.1f}",
                       class_=f"bar bar-{s_index}")  # fmt: skip
            rect.append(svg("title", f"{names[i]}{' ' + name if name else ''}: {pct(value)}"))
            chart.append(rect)
            if value >= 0.005:
                label = svg("text", f"{value * 100:.0f}%", x=f"{x + (bar_w - 2) / 2:.1f}", y=f"{height - h - 3:.1f}")
                label.setAttribute("class", "bar-value")
                chart.append(label)
    for i, label in enumerate(labels):
        centre = f"{pad + i * group_w + group_w / 2:.1f}"
        text = svg("text", y=f"{height + 16}", class_="axis")
        for n, line in enumerate(label.split("\n")):
            text.append(svg("tspan", line, x=centre, dy=f"{1.1 * min(n, 1)}em"))
        chart.append(text)
    chart.append(svg("line", x1=pad, y1=height, x2=width, y2=height, class_="baseline"))
    return chart
