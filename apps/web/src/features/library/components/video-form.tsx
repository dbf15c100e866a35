import type { VideoDetail } from '@homestretch/contract/library/catalogue-exercise';
import {
  BODY_PARTS,
  EQUIPMENT,
  MAX_DESCRIPTION_LENGTH,
  POSITIONS,
  PURPOSES,
  VideoFieldsSchema,
  type Video,
  type VideoFields,
} from '@homestretch/contract/library/video';
import { Trash2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Controller } from 'react-hook-form';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dropdown } from '../../../ui/dropdown';
import { TextField } from '../../../ui/text-field';
import { notify } from '../../../ui/toasts';
import { useUpdateVideo } from '../api/update-video';
import { MovementModelField, type ModelChoice } from './movement-model-field';
import { shownValue } from './video-labels';

/** What the form holds: the contract's fields, a stored `-` (spec §3 "not said") as blank. */
export type VideoFormValues = Required<VideoFields>;

export function videoFormValues(video: Video): VideoFormValues {
  return {
    title: video.title,
    description: shownValue(video.description),
    body_parts: video.body_parts,
    purpose: video.purpose,
    position: video.position,
    equipment: video.equipment,
    sets: video.sets,
    reps: video.reps,
    unhealthy_body_part: shownValue(video.unhealthy_body_part),
    purpose_of_treatment: shownValue(video.purpose_of_treatment),
    movement_id: video.movement_id,
  };
}

const options = <V extends string>(values: readonly V[]) =>
  values.map((value) => ({ value, label: value === '-' ? 'Not stated' : value }));
const BODY_PART_CHOICES = options(BODY_PARTS);
const PURPOSE_CHOICES = options(PURPOSES);
const POSITION_CHOICES = options(POSITIONS);
const EQUIPMENT_CHOICES = options(EQUIPMENT);

/** The model the film follows as stored, named by its catalogue exercise. */
function savedModel(video: VideoDetail): ModelChoice | null {
  if (video.movement_id === null) {
    return null;
  }
  return {
    id: video.movement_id,
    name: video.exercise?.name ?? video.movement_id,
    movement: video.movement,
  };
}

export interface VideoFormProps {
  video: VideoDetail;
  /** Unsaved input, so the page can ask before it is lost. */
  onDirtyChange: (dirty: boolean) => void;
  /** The delete button sits with the form's own. */
  onDelete: () => void;
}

/**
 * PATCH /video/{id}: the details a program shows with the video, checked by the contract's
 * VideoFieldsSchema before anything is sent (blank notes become `-`, as the server stores them).
 */
export function VideoForm({ video, onDirtyChange, onDelete }: VideoFormProps) {
  const update = useUpdateVideo();
  const descriptionId = useId();
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    schema: VideoFieldsSchema,
    defaultValues: videoFormValues(video),
    mutation: update,
  });
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const send = onSubmit((body) =>
    update.mutate(
      { id: video.id, body },
      {
        onSuccess: (saved) => {
          form.reset(videoFormValues(saved));
          notify.success(`“${saved.title}” is saved.`);
        },
        onError: focusInvalid,
      },
    ),
  );

  const dropdown = <K extends 'body_parts' | 'purpose' | 'position' | 'equipment'>(
    name: K,
    label: string,
    choices: ReadonlyArray<{ value: VideoFormValues[K]; label: string }>,
  ) => (
    <div className="flex flex-col gap-1">
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Dropdown
            label={label}
            options={choices}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            buttonClassName="w-full"
          />
        )}
      />
      {errors[name] && <p className="text-sm text-danger-700">{errors[name]}</p>}
    </div>
  );

  return (
    <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
      {formFailed && <Alert tone="error">{errorMessage(update.error)}</Alert>}
      <TextField
        label="Title"
        autoComplete="off"
        error={errors.title}
        {...form.register('title')}
      />
      <Controller
        control={form.control}
        name="movement_id"
        render={({ field }) => (
          <MovementModelField
            value={field.value}
            onChange={field.onChange}
            saved={savedModel(video)}
            error={errors.movement_id}
          />
        )}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={descriptionId} className="text-sm font-medium text-ink">
          Instructions for the patient
        </label>
        <textarea
          id={descriptionId}
          rows={5}
          maxLength={MAX_DESCRIPTION_LENGTH}
          {...form.register('description')}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          className="rounded-control border border-line-strong bg-surface px-3 py-2 text-base text-ink"
        />
        {errors.description && (
          <p id={`${descriptionId}-error`} className="text-sm text-danger-700">
            {errors.description}
          </p>
        )}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {dropdown('body_parts', 'Body part', BODY_PART_CHOICES)}
        {dropdown('purpose', 'Purpose', PURPOSE_CHOICES)}
        {dropdown('position', 'Position', POSITION_CHOICES)}
        {dropdown('equipment', 'Equipment', EQUIPMENT_CHOICES)}
        <TextField
          label="Sets"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.sets}
          {...form.register('sets', { valueAsNumber: true })}
        />
        <TextField
          label="Reps"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.reps}
          {...form.register('reps', { valueAsNumber: true })}
        />
        <TextField
          label="Affected body part"
          autoComplete="off"
          error={errors.unhealthy_body_part}
          {...form.register('unhealthy_body_part')}
        />
        <TextField
          label="Purpose of treatment"
          autoComplete="off"
          error={errors.purpose_of_treatment}
          {...form.register('purpose_of_treatment')}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-between">
        <button
          type="button"
          onClick={onDelete}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-4 font-medium text-danger-700 hover:bg-danger-50"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete video
        </button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button
            variant="secondary"
            disabled={!dirty || update.isPending}
            onClick={() => {
              update.reset();
              form.reset();
            }}
          >
            Undo changes
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </div>
      </div>
    </form>
  );
}
