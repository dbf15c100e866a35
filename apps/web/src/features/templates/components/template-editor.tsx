import { TemplateBodySchema, type ProgramTemplate } from '@homestretch/contract/templates/template';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useDiscardGuard } from '../../../ui/discard-guard';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal-actions';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { notify } from '../../../ui/toasts';
import { useCreateTemplate } from '../api/create-template';
import { useUpdateTemplate } from '../api/update-template';
import { ExerciseSearch } from './exercise-search';
import {
  EMPTY_TEMPLATE_FORM,
  formItemOf,
  formOfTemplate,
  templateBody,
  templateErrorField,
  type TemplateFormItem,
} from './template-form';
import { CONDITION_OPTIONS, PHASE_OPTIONS } from './template-labels';

/**
 * Writes a clinic template, new or changed: its name, condition, phase and notes, and its
 * exercises in order, each with sets, reps and hold, added from the library. Mounted while open,
 * so each opening starts from the template (or blank).
 */
export function TemplateEditor({
  template,
  onClose,
}: {
  /** The template to change; a new one when null. */
  template: ProgramTemplate | null;
  onClose: () => void;
}) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const mutation = template ? update : create;
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    schema: TemplateBodySchema,
    defaultValues: template ? formOfTemplate(template) : EMPTY_TEMPLATE_FORM,
    toBody: templateBody,
    errorField: templateErrorField,
    mutation,
  });
  // The list is kept whole with setValue rather than react-hook-form's field array, whose code
  // would join the shared form chunk every sign-in screen loads (scripts/web-screens.mjs budgets).
  const items = form.watch('items');
  const setItems = (next: TemplateFormItem[]) =>
    form.setValue('items', next, { shouldDirty: true });
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setItems(next);
  };
  const chosen = new Set(items.map((item) => item.video_id));
  const { requestClose, prompt } = useDiscardGuard(form.formState.isDirty, onClose);
  const notesId = useId();

  const send = onSubmit((body) => {
    const done = (saved: ProgramTemplate) => {
      notify.success(template ? `“${saved.name}” is saved.` : `“${saved.name}” is added.`);
      onClose();
    };
    if (template) {
      update.mutate({ templateId: template.id, body }, { onSuccess: done, onError: focusInvalid });
    } else {
      create.mutate(body, { onSuccess: done, onError: focusInvalid });
    }
  });

  return (
    <Modal
      show
      size="xl"
      title={template ? `Edit “${template.name}”` : 'New template'}
      onClose={requestClose}
    >
      <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
        {formFailed && <Alert tone="error">{errorMessage(mutation.error)}</Alert>}
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div className="flex min-w-0 flex-col gap-4">
            <TextField
              label="Name"
              maxLength={100}
              error={errors.name}
              {...form.register('name')}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label="Condition"
                error={errors.condition}
                {...form.register('condition')}
              >
                <option value="">Choose a condition</option>
                {CONDITION_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Phase" error={errors.phase} {...form.register('phase')}>
                <option value="">Choose a phase</option>
                {PHASE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={notesId} className="text-sm font-medium text-ink">
                Notes for colleagues <span className="font-normal text-ink-muted">(optional)</span>
              </label>
              <textarea
                id={notesId}
                rows={3}
                maxLength={1000}
                aria-invalid={errors.notes ? true : undefined}
                className="rounded-control border border-line-strong bg-surface px-3 py-2 text-base text-ink"
                {...form.register('notes')}
              />
              {errors.notes && <p className="text-sm text-danger-700">{errors.notes}</p>}
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-ink">
                Exercises ({items.length})
              </legend>
              {errors.items && <p className="text-sm text-danger-700">{errors.items}</p>}
              {items.length === 0 ? (
                <p className="rounded-control border border-dashed border-line-strong p-3 text-sm text-ink-muted">
                  Add exercises from the library; they fill the program in this order.
                </p>
              ) : (
                <ol className="flex flex-col gap-2">
                  {items.map((field, index) => (
                    <li
                      key={field.video_id}
                      className="flex flex-col gap-2 rounded-control border border-line bg-surface p-2"
                    >
                      <div className="flex items-center gap-1">
                        <span className="w-6 shrink-0 text-sm text-ink-muted">{index + 1}.</span>
                        <p className="min-w-0 flex-1 text-sm font-medium text-ink">{field.title}</p>
                        <IconButton
                          label={`Move ${field.title} up`}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        >
                          <ArrowUp aria-hidden="true" className="size-4" />
                        </IconButton>
                        <IconButton
                          label={`Move ${field.title} down`}
                          disabled={index === items.length - 1}
                          onClick={() => move(index, index + 1)}
                        >
                          <ArrowDown aria-hidden="true" className="size-4" />
                        </IconButton>
                        <IconButton
                          label={`Take ${field.title} out`}
                          onClick={() => setItems(items.filter((_, at) => at !== index))}
                        >
                          <X aria-hidden="true" className="size-4" />
                        </IconButton>
                      </div>
                      <div className="grid grid-cols-3 gap-2 pl-7">
                        {(
                          [
                            ['sets', 'Sets', 'sets'],
                            ['reps', 'Reps', 'reps'],
                            ['hold', 'Hold (s)', 'hold_seconds'],
                          ] as const
                        ).map(([name, label, bodyName]) => (
                          <TextField
                            key={name}
                            label={label}
                            aria-label={`${label} for ${field.title}`}
                            inputMode="numeric"
                            placeholder={name === 'hold' ? 'None' : undefined}
                            error={errors[`items.${index}.${bodyName}`]}
                            {...form.register(`items.${index}.${name}`)}
                          />
                        ))}
                      </div>
                    </li>
                  ))}
                </ol>
              )}
            </fieldset>
          </div>
          <div className="rounded-card border border-line bg-canvas p-3">
            <ExerciseSearch
              chosen={chosen}
              onAdd={(video) => setItems([...items, formItemOf(video)])}
            />
          </div>
        </div>
        <ModalActions divided>
          <Button variant="secondary" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {template ? 'Save template' : 'Add template'}
          </Button>
        </ModalActions>
      </form>
      {prompt}
    </Modal>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink disabled:opacity-40"
    >
      {children}
    </button>
  );
}
