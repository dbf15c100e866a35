import type { Phase } from '@homestretch/contract/library/clinical-tags';
import { CONDITION_LABELS, PHASE_LABELS } from '@homestretch/contract/library/clinical-tags';
import type { TemplateItem } from '@homestretch/contract/templates/template';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { Dropdown } from '../../../ui/dropdown';
import { EmptyState } from '../../../ui/empty-state';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal-actions';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { useTemplate } from '../../templates/api/get-template';
import { useTemplates } from '../../templates/api/list-templates';

const ANY = 'any';

/**
 * "Start from template" in the program builder (issue 32 item 6): the clinic's and the shipped
 * templates, by phase (the patient's, when known) and condition; the one chosen hands its
 * exercises and doses to the picker's list, where they stay editable before anything is sent.
 */
export function TemplateStartDialog({
  phase: patientPhase,
  onUse,
  onClose,
}: {
  /** The patient's phase since onboarding, when known: the list starts there. */
  phase: Phase | null;
  onUse: (items: TemplateItem[]) => void;
  onClose: () => void;
}) {
  const [phase, setPhase] = useState<Phase | typeof ANY>(patientPhase ?? ANY);
  const [chosen, setChosen] = useState<number | null>(null);
  const templates = useTemplates(phase === ANY ? {} : { phase });
  const template = useTemplate(chosen);
  const usable = template.data?.items.filter((item) => !item.video.is_archived) ?? [];

  return (
    <Modal show zIndex={200} size="lg" title="Start from a template" onClose={onClose}>
      <div className="flex flex-col gap-3">
        <Dropdown
          label="Phase"
          options={[
            { value: ANY, label: 'Every phase' },
            ...(['early', 'middle', 'late'] as const).map((value) => ({
              value,
              label: `${PHASE_LABELS[value]} phase`,
            })),
          ]}
          value={phase}
          onChange={(next) => {
            setPhase(next);
            setChosen(null);
          }}
          buttonClassName="w-full sm:w-60"
        />
        {templates.isPending ? (
          <PanelLoading label="Loading templates" />
        ) : templates.isError ? (
          <PanelError
            error={templates.error}
            onRetry={() => void templates.refetch()}
            retrying={templates.isFetching}
          />
        ) : templates.data.count === 0 ? (
          <EmptyState icon={ClipboardList} title="No templates for this phase" />
        ) : (
          <ul
            aria-label="Templates"
            className="flex max-h-[45vh] flex-col gap-1 overflow-y-auto pr-1"
          >
            {templates.data.results.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={chosen === item.id}
                  onClick={() => setChosen(item.id)}
                  className={cx(
                    'flex w-full flex-col items-start rounded-control border px-3 py-2 text-left',
                    chosen === item.id
                      ? 'border-brand-600 bg-brand-50/60'
                      : 'border-line hover:bg-canvas',
                  )}
                >
                  <span className="font-medium text-ink">{item.name}</span>
                  <span className="text-xs text-ink-muted">
                    {CONDITION_LABELS[item.condition]} · {PHASE_LABELS[item.phase]} phase ·{' '}
                    {item.source === 'shipped' ? 'Shipped' : 'Your clinic'} ·{' '}
                    {item.exercises.length === 1
                      ? '1 exercise'
                      : `${item.exercises.length} exercises`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {chosen !== null &&
          (template.isPending ? (
            <PanelLoading label="Loading the template" minHeight={80} />
          ) : template.isError ? (
            <PanelError
              error={template.error}
              onRetry={() => void template.refetch()}
              retrying={template.isFetching}
            />
          ) : (
            <section aria-label="What it fills in" className="rounded-control bg-canvas p-3">
              <ol className="list-decimal pl-5 text-sm text-ink">
                {usable.map((item) => (
                  <li key={item.video_id}>
                    {item.video.title}{' '}
                    <span className="text-ink-muted">
                      {item.sets} × {item.reps}
                      {item.hold_seconds ? `, hold ${item.hold_seconds} s` : ''}
                    </span>
                  </li>
                ))}
              </ol>
              {usable.length < template.data.items.length && (
                <p className="mt-2 text-xs text-ink-muted">
                  Exercises taken out of the library since are left out.
                </p>
              )}
            </section>
          ))}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={usable.length === 0}
            onClick={() => {
              onUse(usable);
              onClose();
            }}
          >
            Use this template
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
