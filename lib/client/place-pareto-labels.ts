export interface LabelledPoint {
  key: string;
  label: string;
  /** x, on a log axis */
  cost: number;
  /** y, 0–100 on a linear axis */
  retention: number;
  onFrontier: boolean;
}

export interface PlacedLabel {
  text: string;
  /** offset of the text's baseline anchor from the point, px */
  dx: number;
  dy: number;
  anchor: "start" | "end";
  /** the label sits away from its point: draw a line to it */
  leader: boolean;
}

export interface ParetoLabelLayout {
  /** the labels drawn on the chart, by the key of the point they name (one per group of tied points) */
  labels: Map<string, PlacedLabel>;
  /** keys of the points that share their spot with another, by the key of the one whose label names them */
  tiedWith: Map<string, string[]>;
}

/** Rough width of one character of the chart's 10 px label font. */
const CHAR_WIDTH = 5.8;
const LINE_HEIGHT = 12;
/** the frontier's point radius (7) and its stroke */
const POINT_RADIUS = 8;

/**
 * Where the Pareto chart's labels go so none covers another: points at the same spot (configurations that tie, e.g.
 * strategies that never triggered) get one label, "pi (+8 tied)"; only frontier points are labelled (the legend
 * names the rest); each label tries the right of its point, then the left, above, below, then further up or down
 * with a leader line, and is left off (the legend still has it) when no place is free.
 */
export function placeParetoLabels(options: {
  points: readonly LabelledPoint[];
  /** the x axis domain (log scale) */
  domain: readonly [number, number];
  /** the plotting area, px */
  width: number;
  height: number;
}): ParetoLabelLayout {
  const { points, domain, width, height } = options;
  const logLow = Math.log10(domain[0]);
  const span = Math.log10(domain[1]) - logLow || 1;
  const groups = new Map<string, LabelledPoint[]>();
  for (const point of points) {
    const spot = `${point.cost.toPrecision(4)}|${point.retention.toFixed(1)}`;
    groups.set(spot, [...(groups.get(spot) ?? []), point]);
  }
  const tiedWith = new Map<string, string[]>();
  const wanted: { point: LabelledPoint; text: string; x: number; y: number }[] = [];
  for (const group of groups.values()) {
    const representative = group.find((point) => point.onFrontier) ?? group[0];
    if (group.length > 1) tiedWith.set(representative.key, group.filter((point) => point !== representative).map((point) => point.key));
    if (!representative.onFrontier) continue;
    wanted.push({
      point: representative,
      text: group.length > 1 ? `${representative.label} (+${group.length - 1} tied)` : representative.label,
      x: ((Math.log10(representative.cost) - logLow) / span) * width,
      y: (1 - representative.retention / 100) * height,
    });
  }
  wanted.sort((a, b) => a.x - b.x || a.y - b.y);
  // every point's circle is in the way too, so a label never covers another configuration's point
  const circles = points.map((point) => {
    const x = ((Math.log10(point.cost) - logLow) / span) * width;
    const y = (1 - point.retention / 100) * height;
    return { key: point.key, box: { left: x - POINT_RADIUS, right: x + POINT_RADIUS, top: y - POINT_RADIUS, bottom: y + POINT_RADIUS } };
  });
  const taken: Box[] = [];
  const labels = new Map<string, PlacedLabel>();
  for (const label of wanted) {
    const textWidth = label.text.length * CHAR_WIDTH;
    for (const candidate of candidates()) {
      const left = candidate.anchor === "start" ? label.x + candidate.dx : label.x + candidate.dx - textWidth;
      const box: Box = { left, right: left + textWidth, top: label.y + candidate.dy - LINE_HEIGHT + 2, bottom: label.y + candidate.dy + 2 };
      if (box.left < -4 || box.right > width + 20 || box.top < -8 || box.bottom > height + 8) continue;
      if (taken.some((other) => overlaps(box, other))) continue;
      if (circles.some((circle) => circle.key !== label.point.key && overlaps(box, circle.box))) continue;
      taken.push(box);
      labels.set(label.point.key, { text: label.text, ...candidate });
      break;
    }
  }
  return { labels, tiedWith };
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function candidates(): Omit<PlacedLabel, "text">[] {
  const near: Omit<PlacedLabel, "text">[] = [
    { dx: 10, dy: 4, anchor: "start", leader: false },
    { dx: -10, dy: 4, anchor: "end", leader: false },
    { dx: 6, dy: -10, anchor: "start", leader: false },
    { dx: 6, dy: 18, anchor: "start", leader: false },
  ];
  const far: Omit<PlacedLabel, "text">[] = [];
  for (let step = 2; step <= 7; step++) {
    far.push({ dx: 16, dy: 4 - step * LINE_HEIGHT, anchor: "start", leader: true }, { dx: 16, dy: 4 + step * LINE_HEIGHT, anchor: "start", leader: true });
  }
  return [...near, ...far];
}
