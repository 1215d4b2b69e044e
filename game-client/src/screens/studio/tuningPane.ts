import {
  formatCubicBezier,
  isEase,
  parseCubicBezier,
  TUNING_RULES,
  tuningSchema,
  type Tuning,
  type TuningAnimation,
} from '@dond/shared';
import * as EssentialsPlugin from '@tweakpane/plugin-essentials';
import { CubicBezier, type CubicBezierApi, type FpsGraphBladeApi } from '@tweakpane/plugin-essentials';
import { Pane, type FolderApi, type NumberInputParams } from 'tweakpane';
import { z } from 'zod';

/** The animations as the studio names them, in the order of a game. */
export const ANIMATION_LABELS: Record<TuningAnimation, string> = {
  caseOpen: 'Case open',
  caseToast: 'Case toast',
  valueStrike: 'Value strike-through',
  phoneCall: 'Phone call',
  offerDialog: 'Offer dialog',
  dealReveal: 'Deal reveal',
  finalDecision: 'Final decision',
  finalReveal: 'Final reveal',
  showMoments: 'Show moments',
  newGameDialog: 'New game dialog',
  viewModeChange: 'View-mode change',
};

/** The eases a motion designer reaches for first; any other GSAP ease or a cubic-bézier can be imported. */
const EASES = [
  'none',
  'power1.out',
  'power2.in',
  'power2.out',
  'power2.inOut',
  'power3.in',
  'power3.out',
  'power4.out',
  'sine.inOut',
  'expo.out',
  'circ.out',
  'back.out(1.7)',
  'back.out(1.8)',
  'back.out(2)',
  'back.out(2.2)',
  'back.out(3)',
  'elastic.out(1, 0.5)',
  'bounce.out',
  'steps(1)',
];
const CUSTOM = 'cubic-bezier…';
/** CSS's own `ease`, where a new custom curve starts. */
const DEFAULT_CURVE: [number, number, number, number] = [0.25, 0.1, 0.25, 1];

export interface PaneHandlers {
  /** A field changed: the working tuning (mutated in place) is to be checked and played. */
  changed(): void;
  play(animation: TuningAnimation): void;
  /** The pane's frame-rate graph, to tick with the board's frames. */
  fps(graph: FpsGraphBladeApi): void;
  timeScale(scale: number): void;
}

type NumberBounds = Pick<NumberInputParams, 'min' | 'max' | 'step'>;

/** The bounds zod holds for a number field, for its slider. */
function bounds(schema: z.ZodType | undefined): NumberBounds {
  if (!(schema instanceof z.ZodNumber)) return {};
  const min = schema.minValue ?? undefined;
  const max = schema.maxValue ?? undefined;
  const step = schema.isInt ? 1 : max !== undefined && max <= 5 ? 0.01 : undefined;
  return { min, max, step };
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
}

/** Gives a Tweakpane control an accessible name: the field's path in the tuning. */
function name(element: HTMLElement, path: string) {
  for (const input of element.querySelectorAll('input, select')) input.setAttribute('aria-label', path);
}

/** An ease: a list of GSAP eases, and a cubic-bézier editor for a custom curve. */
function addEase(
  folder: FolderApi,
  holder: Record<string, unknown>,
  key: string,
  path: string,
  h: PaneHandlers,
) {
  const current = String(holder[key]);
  const points = parseCubicBezier(current);
  const choice = { [key]: points ? CUSTOM : current };
  const options = Object.fromEntries(
    [...new Set([...EASES, points ? CUSTOM : current, CUSTOM])].map((e) => [e, e]),
  );
  const list = folder.addBinding(choice, key, { options });
  name(list.element, path);
  const curve = folder.addBlade({
    view: 'cubicbezier',
    value: points ?? DEFAULT_CURVE,
    expanded: true,
    label: `${key} curve`,
    picker: 'inline',
    hidden: !points,
  }) as CubicBezierApi;
  curve.value = new CubicBezier(...(points ?? DEFAULT_CURVE));
  // The inline editor: the graph drags the two handles, and four fields take them as numbers (after the head's
  // text field, hidden while the editor is open).
  const fields = [...curve.element.querySelectorAll('input')].slice(-4);
  fields.forEach((input, i) =>
    input.setAttribute('aria-label', `${path} curve ${['x1', 'y1', 'x2', 'y2'][i]}`),
  );
  const customCurve = () => formatCubicBezier(curve.value.toObject());
  list.on('change', ({ value }) => {
    curve.hidden = value !== CUSTOM;
    holder[key] = value === CUSTOM ? customCurve() : value;
    h.changed();
  });
  curve.on('change', () => {
    if (choice[key] !== CUSTOM) return;
    holder[key] = customCurve();
    h.changed();
  });
}

/** The fields of one object of the tuning, nested objects as folders. */
function addFields(
  folder: FolderApi,
  holder: Record<string, unknown>,
  schema: z.ZodType | undefined,
  path: string,
  h: PaneHandlers,
) {
  const shape = shapeOf(schema);
  for (const [key, value] of Object.entries(holder)) {
    const here = `${path}.${key}`;
    if (Array.isArray(value)) {
      const list = folder.addFolder({ title: key, expanded: false });
      value.forEach((_, i) => {
        const binding = list.addBinding(value as unknown as Record<number, string>, i, {
          label: `${key} ${i + 1}`,
          view: 'color',
        });
        name(binding.element, `${here}.${i}`);
        binding.on('change', h.changed);
      });
    } else if (value !== null && typeof value === 'object') {
      const sub = folder.addFolder({ title: key, expanded: true });
      addFields(sub, value as Record<string, unknown>, shape[key], here, h);
    } else if (typeof value === 'string' && isEase(value)) {
      addEase(folder, holder, key, here, h);
    } else if (typeof value === 'string') {
      const binding = folder.addBinding(holder, key, { view: 'color' });
      name(binding.element, here);
      binding.on('change', h.changed);
    } else {
      const binding = folder.addBinding(holder, key, bounds(shape[key]) as NumberInputParams);
      name(binding.element, here);
      binding.on('change', h.changed);
    }
  }
}

/**
 * The studio's Tweakpane panel over a working tuning (one variant): playback (time scale, frame rate), the rule
 * timings of SPEC.md section 9 read-only, and one folder per animation with its Play button and every field.
 * Fields write into `working` in place; `h.changed` checks and plays it.
 */
export function buildTuningPane(container: HTMLElement, working: Tuning, h: PaneHandlers): Pane {
  const pane = new Pane({ container, title: 'Tuning' });
  pane.registerPlugin(EssentialsPlugin);

  const playback = pane.addFolder({ title: 'Playback' });
  const speed = { timeScale: 1 };
  const scale = playback.addBinding(speed, 'timeScale', {
    min: 0.1,
    max: 2,
    step: 0.05,
    label: 'time scale',
  });
  name(scale.element, 'time scale');
  scale.on('change', ({ value }) => h.timeScale(value));
  h.fps(playback.addBlade({ view: 'fpsgraph', label: 'frame rate', rows: 2 }) as FpsGraphBladeApi);

  const rules = pane.addFolder({ title: 'Rule timings (SPEC.md section 9, read-only)', expanded: false });
  for (const rule of TUNING_RULES) {
    const binding = rules.addBinding({ ms: rule.ms }, 'ms', {
      label: rule.name,
      readonly: true,
      format: (v) => `${v} ms`,
    });
    binding.element.title = `A rule, not style: ${rule.keeps}.`;
  }

  const shape = shapeOf(tuningSchema);
  for (const animation of Object.keys(ANIMATION_LABELS) as TuningAnimation[]) {
    const folder = pane.addFolder({ title: ANIMATION_LABELS[animation], expanded: false });
    folder
      .addButton({ title: `Play ${ANIMATION_LABELS[animation].toLowerCase()}` })
      .on('click', () => h.play(animation));
    addFields(
      folder,
      working[animation] as unknown as Record<string, unknown>,
      shape[animation],
      animation,
      h,
    );
  }
  return pane;
}
