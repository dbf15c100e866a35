import { type MovementModel, type Prop, type Side } from './movement';
import {
  BODY,
  SEGMENTS,
  poseMovement,
  type FigurePoint,
  type FigurePose,
  type JointName,
  type PosedMovement,
  type Segment,
  type Support,
} from './movement-pose';

/**
 * The exercise figure (issue 32 item 3), drawn from the movement model: one calm line-art style,
 * rounded limbs, the moving side in the brand's accent, the other side muted, props drawn simply.
 * Pure: shapes in picture coordinates (cm, y down as SVG has it) that the web component turns
 * into React elements and the printed program and the gallery script into an SVG string.
 */

/** The colours a shape is drawn in: the web app's design tokens (apps/web/src/styles/tokens.css). */
export const FIGURE_TONES = {
  /** --color-brand-600: the side that works. */
  accent: '#0d9488',
  /** --color-ink-subtle at rest: the trunk and head. */
  body: '#94a3b8',
  /** --color-line-strong: the side that does not move. */
  muted: '#cbd5e1',
  /** --color-ink-muted: a prop's outline. */
  prop: '#64748b',
  /** A prop's fill, lighter than the canvas. */
  propFill: '#f1f5f9',
  /** --color-line: the floor. */
  floor: '#cbd5e1',
  /** --color-surface: the gap drawn round each limb so crossing limbs stay apart. */
  halo: '#ffffff',
} as const;
export type FigureTone = keyof typeof FIGURE_TONES;

/** One shape of the figure. Lines and paths have round caps and joins. */
export type FigureShape =
  | {
      kind: 'line';
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      width: number;
      tone: FigureTone;
    }
  | { kind: 'path'; d: string; width: number; tone: FigureTone; fill: FigureTone | null }
  | {
      kind: 'circle';
      cx: number;
      cy: number;
      r: number;
      tone: FigureTone;
      fill: FigureTone | null;
      width: number;
    }
  | {
      kind: 'rect';
      x: number;
      y: number;
      w: number;
      h: number;
      rx: number;
      tone: FigureTone;
      fill: FigureTone | null;
      width: number;
    };

/** A figure ready to draw at any moment of its movement, in one fixed frame. */
export interface FigureDrawing {
  /** SVG viewBox: min x, min y, width, height (cm). */
  viewBox: [number, number, number, number];
  /** The shapes at `t` (0 start, 1 end). */
  shapes(t: number): FigureShape[];
}

const HALO = 3;
const round = (value: number): number => Math.round(value * 10) / 10;

/** Picture coordinates: SVG's y grows downward. */
function sy(point: FigurePoint): number {
  return -point.y;
}

function toneOf(model: MovementModel, side: Side | 'axial'): FigureTone {
  if (side === 'axial') {
    return model.moving === 'trunk' ? 'accent' : 'body';
  }
  switch (model.moving) {
    case 'both':
      return 'accent';
    case 'alternating':
      return side === 'right' ? 'accent' : 'muted';
    case 'left':
    case 'right':
      return side === model.moving ? 'accent' : 'muted';
    case 'trunk':
      return 'muted';
  }
}

function line(a: FigurePoint, b: FigurePoint, width: number, tone: FigureTone): FigureShape {
  return {
    kind: 'line',
    x1: round(a.x),
    y1: round(sy(a)),
    x2: round(b.x),
    y2: round(sy(b)),
    width,
    tone,
  };
}

/** A segment with its halo, as the shapes drawn for it. */
function segmentShapes(model: MovementModel, pose: FigurePose, segment: Segment): FigureShape[] {
  const tone = toneOf(model, segment.side);
  const a = pose.points[segment.from];
  const b = pose.points[segment.to];
  const width = segment.radius * 2;
  if (segment.name === 'head') {
    const shapes: FigureShape[] = [
      {
        kind: 'circle',
        cx: round(a.x),
        cy: round(sy(a)),
        r: segment.radius + HALO / 2,
        tone: 'halo',
        fill: 'halo',
        width: 0,
      },
      {
        kind: 'circle',
        cx: round(a.x),
        cy: round(sy(a)),
        r: segment.radius,
        tone,
        fill: tone,
        width: 0,
      },
    ];
    if (pose.view === 'side') {
      const nose = pose.points.nose;
      shapes.push({
        kind: 'circle',
        cx: round(nose.x),
        cy: round(sy(nose)),
        r: 2.6,
        tone,
        fill: tone,
        width: 0,
      });
    }
    return shapes;
  }
  if (segment.name === 'trunk') {
    const mid = {
      x: (a.x + b.x) / 2 + pose.spineBow.x * 2,
      y: (a.y + b.y) / 2 + pose.spineBow.y * 2,
    };
    if (pose.view === 'front') {
      const { leftShoulder, rightShoulder, leftHip, rightHip } = pose.points;
      const d = `M${round(leftShoulder.x)} ${round(sy(leftShoulder))}L${round(rightShoulder.x)} ${round(sy(rightShoulder))}L${round(rightHip.x)} ${round(sy(rightHip))}L${round(leftHip.x)} ${round(sy(leftHip))}Z`;
      return [
        { kind: 'path', d, width: BODY.radius.girdle * 2 + HALO, tone: 'halo', fill: 'halo' },
        { kind: 'path', d, width: BODY.radius.girdle * 2, tone, fill: tone },
      ];
    }
    const d = `M${round(a.x)} ${round(sy(a))}Q${round(mid.x)} ${round(-mid.y)} ${round(b.x)} ${round(sy(b))}`;
    return [
      { kind: 'path', d, width: width + HALO, tone: 'halo', fill: null },
      { kind: 'path', d, width, tone, fill: null },
    ];
  }
  const shapes = [line(a, b, width + HALO, 'halo'), line(a, b, width, tone)];
  if (segment.to.endsWith('Hand')) {
    shapes.push({
      kind: 'circle',
      cx: round(b.x),
      cy: round(sy(b)),
      r: BODY.radius.hand,
      tone,
      fill: tone,
      width: 0,
    });
  }
  return shapes;
}

/** The body, farthest segment first, so nearer limbs cross over farther ones. */
function bodyShapes(model: MovementModel, pose: FigurePose): FigureShape[] {
  const drawn = SEGMENTS.filter(
    (segment) =>
      // The girdles are the trunk's outline in the front view and hidden in the side view.
      segment.name !== 'shoulder girdle' && segment.name !== 'pelvis',
  );
  const depthOf = (segment: Segment): number => {
    if (segment.side === 'axial') {
      return pose.points.pelvis.depth * 0.5 + pose.points.chest.depth * 0.5;
    }
    const a = pose.points[segment.from];
    const b = pose.points[segment.to];
    // A limb is drawn over the trunk when it is nearer the viewer than the trunk's middle.
    return (a.depth + b.depth) / 2;
  };
  const order = drawn
    .map((segment, index) => ({ segment, index, depth: depthOf(segment) }))
    .sort((p, q) => p.depth - q.depth || p.index - q.index);
  return order.flatMap(({ segment }) => segmentShapes(model, pose, segment));
}

function holderPoints(pose: FigurePose, holder: string): FigurePoint[] {
  const p = pose.points;
  switch (holder) {
    case 'left-hand':
      return [p.leftHand];
    case 'right-hand':
      return [p.rightHand];
    case 'both-hands':
      return [p.leftHand, p.rightHand];
    case 'left-ankle':
      return [p.leftAnkle];
    case 'right-ankle':
      return [p.rightAnkle];
    default:
      return [p.leftKnee, p.rightKnee];
  }
}

const mid = (a: FigurePoint, b: FigurePoint): FigurePoint => ({
  x: (a.x + b.x) / 2,
  y: (a.y + b.y) / 2,
  depth: (a.depth + b.depth) / 2,
});

/** The extremes of the start pose, for props placed against the body. */
function extent(pose: FigurePose, names?: JointName[]): { minX: number; maxX: number } {
  const entries = (names ?? (Object.keys(pose.points) as JointName[])).map(
    (name) => pose.points[name],
  );
  return {
    minX: Math.min(...entries.map((point) => point.x)),
    maxX: Math.max(...entries.map((point) => point.x)),
  };
}

const BACK_JOINTS: JointName[] = ['pelvis', 'chest', 'head', 'leftShoulder', 'rightShoulder'];

/**
 * A prop's shapes: `behind` the body (drawn first) and `front` (drawn after it: a band, a ball,
 * a weight in the hand). Fixed props are placed from the start pose; what a hand holds follows it.
 */
function propShapes(
  prop: Prop,
  model: MovementModel,
  start: FigurePose,
  pose: FigurePose,
  supports: readonly Support[],
): { behind: FigureShape[]; front: FigureShape[] } {
  const behind: FigureShape[] = [];
  const front: FigureShape[] = [];
  const facing = start.mirrored ? -1 : 1;
  const box = (x0: number, x1: number, y0: number, y1: number, rx = 2): FigureShape => ({
    kind: 'rect',
    x: round(Math.min(x0, x1)),
    y: round(-Math.max(y0, y1)),
    w: round(Math.abs(x1 - x0)),
    h: round(Math.abs(y1 - y0)),
    rx,
    tone: 'prop',
    fill: 'propFill',
    width: 1.5,
  });
  const stroke = (x1: number, y1: number, x2: number, y2: number, width = 2.5): FigureShape => ({
    kind: 'line',
    x1: round(x1),
    y1: round(-y1),
    x2: round(x2),
    y2: round(-y2),
    width,
    tone: 'prop',
  });
  switch (prop.kind) {
    case 'chair': {
      const seat = supports.find((support) => support.kind === 'chair');
      if (seat === undefined) {
        break;
      }
      const top = seat.top;
      if (model.view === 'front') {
        behind.push(box(seat.x0 + 2, seat.x1 - 2, top + 4, top + 46, 3));
        behind.push(
          stroke(seat.x0 + 3, 0, seat.x0 + 3, top),
          stroke(seat.x1 - 3, 0, seat.x1 - 3, top),
        );
        behind.push(box(seat.x0, seat.x1, top - 3, top, 1.5));
      } else {
        const back = facing > 0 ? seat.x0 : seat.x1;
        const forward = facing > 0 ? seat.x1 : seat.x0;
        behind.push(stroke(back, 0, back, top + 46, 3), stroke(forward, 0, forward, top, 3));
        behind.push(box(seat.x0, seat.x1, top - 3, top, 1.5));
      }
      break;
    }
    case 'step':
    case 'table': {
      for (const support of supports.filter((s) => s.kind === prop.kind)) {
        if (prop.kind === 'step') {
          behind.push(box(support.x0, support.x1, 0, support.top, 2));
        } else {
          behind.push(stroke(support.x0 + 6, 0, support.x0 + 6, support.top, 3));
          behind.push(stroke(support.x1 - 6, 0, support.x1 - 6, support.top, 3));
          behind.push(box(support.x0, support.x1, support.top - 5, support.top, 2));
        }
      }
      break;
    }
    case 'mat': {
      const { minX, maxX } = extent(start);
      behind.push(box(minX - 10, maxX + 10, 0, 1.5, 0.75));
      break;
    }
    case 'counter': {
      const hand = start.points[`${prop.hand}Hand`];
      const top = hand.y - BODY.radius.hand;
      const x0 = model.view === 'front' ? hand.x - 14 : hand.x - 10 * facing;
      const x1 = model.view === 'front' ? hand.x + 14 : hand.x + 24 * facing;
      behind.push(box(x0, x1, 0, top, 2));
      break;
    }
    case 'wall':
    case 'doorway': {
      let x: number;
      if (prop.kind === 'wall' && prop.where === 'behind') {
        const { minX, maxX } = extent(start, BACK_JOINTS);
        x = facing > 0 ? minX - BODY.radius.trunk : maxX + BODY.radius.trunk;
      } else if (prop.kind === 'doorway' || prop.where === 'in-front') {
        const { minX, maxX } = extent(start, ['leftHand', 'rightHand', 'leftElbow', 'rightElbow']);
        x =
          facing > 0 || model.view === 'front' ? maxX + BODY.radius.hand : minX - BODY.radius.hand;
      } else {
        // In the front view the patient's left is on the viewer's right.
        const { minX, maxX } = extent(start);
        x = prop.where === 'left' ? maxX + 6 : minX - 6;
      }
      const thick = prop.kind === 'doorway' ? 8 : 5;
      const away = x >= start.points.chest.x ? 1 : -1;
      behind.push(box(x, x + away * thick, 0, prop.kind === 'doorway' ? 205 : 190, 1));
      if (prop.kind === 'doorway' && model.view === 'front') {
        // Seen from the front, a door frame has a post on each side.
        const { minX } = extent(start, ['leftHand', 'rightHand', 'leftElbow', 'rightElbow']);
        behind.push(box(minX - BODY.radius.hand, minX - BODY.radius.hand - thick, 0, 205, 1));
      }
      break;
    }
    case 'ball': {
      const p = pose.points;
      const at =
        prop.at === 'knees'
          ? mid(p.leftKnee, p.rightKnee)
          : prop.at === 'hands'
            ? mid(p.leftHand, p.rightHand)
            : {
                ...mid(p.pelvis, p.chest),
                x: mid(p.pelvis, p.chest).x - facing * (BODY.radius.trunk + 10),
              };
      const r = prop.at === 'back' ? 10 : 11;
      const shape: FigureShape = {
        kind: 'circle',
        cx: round(at.x),
        cy: round(-at.y),
        r,
        tone: 'prop',
        fill: 'propFill',
        width: 1.5,
      };
      (prop.at === 'knees' ? front : behind).push(shape);
      break;
    }
    case 'towel-roll': {
      const p = start.points;
      const at =
        prop.under === 'neck'
          ? p.neckTop
          : prop.under === 'low-back'
            ? mid(p.pelvis, mid(p.pelvis, p.chest))
            : p[
                (
                  {
                    'left-knee': 'leftKnee',
                    'right-knee': 'rightKnee',
                    'left-ankle': 'leftAnkle',
                    'right-ankle': 'rightAnkle',
                  } as const
                )[prop.under]
              ];
      // The roll fills the gap under the joint at the start (a bigger roll under a bent knee).
      const floor = supports.find((s) => s.kind === 'table')?.top ?? 0;
      const r = Math.min(14, Math.max(4, (at.y - floor - 4) / 2));
      behind.push({
        kind: 'circle',
        cx: round(at.x),
        cy: round(-(floor + r)),
        r: round(r),
        tone: 'prop',
        fill: 'propFill',
        width: 1.5,
      });
      break;
    }
    case 'towel': {
      const side: Side = prop.use.includes('left') ? 'left' : 'right';
      const p = pose.points;
      if (prop.use.startsWith('strap')) {
        const hands = mid(p.leftHand, p.rightHand);
        const toe = p[`${side}Toe`];
        const heel = p[`${side}Heel`];
        const sole = mid(toe, heel);
        front.push({
          kind: 'path',
          d: `M${round(hands.x)} ${round(-hands.y)}L${round(toe.x)} ${round(-toe.y)}L${round(sole.x)} ${round(-sole.y)}`,
          width: 2.5,
          tone: 'prop',
          fill: null,
        });
      } else {
        const foot = start.points[`${side}Heel`];
        const toe = start.points[`${side}Toe`];
        behind.push(box(Math.min(foot.x, toe.x) - 8, Math.max(foot.x, toe.x) + 8, 0, 2, 1));
      }
      break;
    }
    case 'band': {
      const now = holderPoints(pose, prop.holder);
      const then = holderPoints(start, prop.holder);
      const p = pose.points;
      if (prop.anchor === 'loop' || prop.anchor === 'other-hand') {
        const [a, b] =
          prop.anchor === 'loop' ? [p.leftKnee, p.rightKnee] : [p.leftHand, p.rightHand];
        front.push(stroke(a.x, a.y, b.x, b.y, 2.5));
        break;
      }
      now.forEach((point, index) => {
        const origin = then[index] ?? point;
        let anchor: { x: number; y: number };
        if (prop.anchor === 'under-left-foot' || prop.anchor === 'under-right-foot') {
          const side: Side = prop.anchor === 'under-left-foot' ? 'left' : 'right';
          anchor = mid(p[`${side}Heel`], p[`${side}Toe`]);
        } else {
          const out =
            prop.anchor === 'door-front'
              ? facing
              : prop.anchor === 'door-behind'
                ? -facing
                : prop.anchor === 'door-left'
                  ? 1
                  : -1;
          anchor = { x: origin.x + out * 55, y: origin.y };
          behind.push({
            kind: 'circle',
            cx: round(anchor.x),
            cy: round(-anchor.y),
            r: 2.5,
            tone: 'prop',
            fill: 'prop',
            width: 0,
          });
        }
        front.push(stroke(point.x, point.y, anchor.x, anchor.y, 2));
      });
      break;
    }
    case 'weight': {
      for (const point of holderPoints(pose, prop.holder)) {
        if (prop.holder.endsWith('ankle')) {
          front.push({
            kind: 'circle',
            cx: round(point.x),
            cy: round(-point.y),
            r: 6,
            tone: 'prop',
            fill: 'propFill',
            width: 2,
          });
        } else {
          front.push({
            kind: 'rect',
            x: round(point.x - 6),
            y: round(-point.y - 3),
            w: 12,
            h: 6,
            rx: 3,
            tone: 'prop',
            fill: 'prop',
            width: 0,
          });
        }
      }
      break;
    }
  }
  return { behind, front };
}

/** Every shape of the figure at one moment: floor, props behind, body, props in front. */
function frameShapes(
  model: MovementModel,
  posed: PosedMovement,
  pose: FigurePose,
  minX: number,
  maxX: number,
): FigureShape[] {
  const props = model.props.map((prop) =>
    propShapes(prop, model, posed.start, pose, posed.supports),
  );
  return [
    { kind: 'line', x1: round(minX), y1: 0, x2: round(maxX), y2: 0, width: 1.5, tone: 'floor' },
    ...props.flatMap((shapes) => shapes.behind),
    ...bodyShapes(model, pose),
    ...props.flatMap((shapes) => shapes.front),
  ];
}

/** The box (cm, y up) a shape list covers. */
function bounds(shapes: FigureShape[]): { minX: number; maxX: number; minY: number; maxY: number } {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const cover = (x: number, y: number, pad: number): void => {
    minX = Math.min(minX, x - pad);
    maxX = Math.max(maxX, x + pad);
    minY = Math.min(minY, y - pad);
    maxY = Math.max(maxY, y + pad);
  };
  for (const shape of shapes) {
    switch (shape.kind) {
      case 'line':
        cover(shape.x1, shape.y1, shape.width / 2);
        cover(shape.x2, shape.y2, shape.width / 2);
        break;
      case 'circle':
        cover(shape.cx, shape.cy, shape.r);
        break;
      case 'rect':
        cover(shape.x, shape.y, 0);
        cover(shape.x + shape.w, shape.y + shape.h, 0);
        break;
      case 'path':
        for (const [, x, y] of shape.d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)) {
          cover(Number(x), Number(y), shape.width / 2);
        }
        break;
    }
  }
  return { minX, maxX, minY, maxY };
}

/**
 * The drawing of a movement: its frame covers the start, the end and the way between, so the
 * figure does not jump or get cut off while it moves.
 */
export function figureDrawing(model: MovementModel): FigureDrawing {
  const posed = poseMovement(model);
  const samples = [0, 0.25, 0.5, 0.75, 1].flatMap((t) =>
    frameShapes(model, posed, posed.at(t), 0, 0).slice(1),
  );
  const box = bounds(samples);
  const margin = 8;
  const minX = box.minX - margin;
  const maxX = box.maxX + margin;
  const minY = Math.min(box.minY, -2) - margin;
  const maxY = Math.max(box.maxY, 0) + margin / 2;
  return {
    viewBox: [round(minX), round(minY), round(maxX - minX), round(maxY - minY)],
    shapes: (t) => frameShapes(model, posed, posed.at(t), minX + 2, maxX - 2),
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One shape as SVG markup. */
export function shapeToSvg(shape: FigureShape): string {
  const colour = FIGURE_TONES[shape.tone];
  switch (shape.kind) {
    case 'line':
      return `<line x1="${shape.x1}" y1="${shape.y1}" x2="${shape.x2}" y2="${shape.y2}" stroke="${colour}" stroke-width="${shape.width}" stroke-linecap="round"/>`;
    case 'path':
      return `<path d="${shape.d}" stroke="${colour}" stroke-width="${shape.width}" stroke-linecap="round" stroke-linejoin="round" fill="${shape.fill === null ? 'none' : FIGURE_TONES[shape.fill]}"/>`;
    case 'circle':
      return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${shape.fill === null ? 'none' : FIGURE_TONES[shape.fill]}"${shape.width > 0 ? ` stroke="${colour}" stroke-width="${shape.width}"` : ''}/>`;
    case 'rect':
      return `<rect x="${shape.x}" y="${shape.y}" width="${shape.w}" height="${shape.h}" rx="${shape.rx}" fill="${shape.fill === null ? 'none' : FIGURE_TONES[shape.fill]}"${shape.width > 0 ? ` stroke="${colour}" stroke-width="${shape.width}"` : ''}/>`;
  }
}

/**
 * The figure at one moment as a standalone SVG document (`t` 0 start, 1 end), labelled for
 * screen readers.
 */
export function figureSvg(
  model: MovementModel,
  options: { t?: number; label: string; width?: number; height?: number },
): string {
  const drawing = figureDrawing(model);
  const [x, y, w, h] = drawing.viewBox;
  const size = `${options.width !== undefined ? ` width="${options.width}"` : ''}${options.height !== undefined ? ` height="${options.height}"` : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${w} ${h}"${size} role="img" aria-label="${escapeXml(options.label)}">${drawing
    .shapes(options.t ?? 0)
    .map(shapeToSvg)
    .join('')}</svg>`;
}

/**
 * The start and end frames side by side in one SVG (the printed program, the gallery), each
 * frame scaled alike, with an arrow between them.
 */
export function figureStartEndSvg(
  model: MovementModel,
  options: { label: string; width?: number; height?: number },
): string {
  const drawing = figureDrawing(model);
  const [x, y, w, h] = drawing.viewBox;
  const gap = Math.max(20, w * 0.12);
  const frame = (t: number, dx: number): string =>
    `<g transform="translate(${round(dx - x)} ${round(-y)})">${drawing.shapes(t).map(shapeToSvg).join('')}</g>`;
  const arrowY = round(h / 2);
  const ax = round(w + gap * 0.25);
  const bx = round(w + gap * 0.75);
  const arrow = `<path d="M${ax} ${arrowY}L${bx} ${arrowY}M${bx - 5} ${arrowY - 5}L${bx} ${arrowY}L${bx - 5} ${arrowY + 5}" stroke="${FIGURE_TONES.prop}" stroke-width="2" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
  const size = `${options.width !== undefined ? ` width="${options.width}"` : ''}${options.height !== undefined ? ` height="${options.height}"` : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${round(w * 2 + gap)} ${round(h)}"${size} role="img" aria-label="${escapeXml(options.label)}">${frame(0, 0)}${arrow}${frame(1, w + gap)}</svg>`;
}
