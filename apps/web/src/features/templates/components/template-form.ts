import type { HepVideo } from '@homestretch/contract/hep/hep-item';
import type { Condition, Phase } from '@homestretch/contract/library/catalogue-entry';
import type { ProgramTemplate, TemplateBody } from '@homestretch/contract/templates/template';

/**
 * The template editor's values: counts as typed (a box may be cleared while typing), each
 * exercise with what it shows of its video. The contract's schema checks the body they make.
 */
export interface TemplateFormItem {
  video_id: number;
  title: string;
  sets: string;
  reps: string;
  hold: string;
}

export interface TemplateForm {
  name: string;
  condition: Condition | '';
  phase: Phase | '';
  notes: string;
  items: TemplateFormItem[];
}

export const EMPTY_TEMPLATE_FORM: TemplateForm = {
  name: '',
  condition: '',
  phase: '',
  notes: '',
  items: [],
};

export function formOfTemplate(template: ProgramTemplate): TemplateForm {
  return {
    name: template.name,
    condition: template.condition,
    phase: template.phase,
    notes: template.notes,
    items: template.items.map((item) => ({
      video_id: item.video_id,
      title: item.video.title,
      sets: String(item.sets),
      reps: String(item.reps),
      hold: item.hold_seconds === null ? '' : String(item.hold_seconds),
    })),
  };
}

/** A library video added to the template, with its own default dose. */
export function formItemOf(
  video: Pick<HepVideo, 'id' | 'title'> & {
    sets: number;
    reps: number;
    hold_seconds: number | null;
  },
): TemplateFormItem {
  return {
    video_id: video.id,
    title: video.title,
    sets: String(video.sets),
    reps: String(video.reps),
    hold: video.hold_seconds === null ? '' : String(video.hold_seconds),
  };
}

/** A typed count as the body sends it: a number when it reads as one, else the text (refused). */
function count(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export function templateBody(form: TemplateForm): TemplateBody {
  return {
    name: form.name,
    condition: form.condition as Condition,
    phase: form.phase as Phase,
    notes: form.notes,
    items: form.items.map((item) => ({
      video_id: item.video_id,
      sets: count(item.sets) as number,
      reps: count(item.reps) as number,
      hold_seconds: item.hold.trim() === '' ? null : (count(item.hold) as number),
    })),
  };
}

/** Where an error of the body shows: beside its exercise's count, else its field. */
export function templateErrorField(path: readonly string[]): string {
  return path[0] === 'items' && path.length >= 3
    ? path.slice(0, 3).join('.')
    : (path[0] ?? '_form');
}
