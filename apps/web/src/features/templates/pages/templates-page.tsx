import { can } from '@homestretch/contract/auth/permissions';
import type { Condition, Phase } from '@homestretch/contract/library/catalogue-entry';
import type { TemplateListQuery } from '@homestretch/contract/templates/list-templates';
import type { TemplateSource, TemplateSummary } from '@homestretch/contract/templates/template';
import { ClipboardList, Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dropdown } from '../../../ui/dropdown';
import { EmptyState } from '../../../ui/empty-state';
import { Modal } from '../../../ui/modal';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { Spinner } from '../../../ui/spinner';
import { notify } from '../../../ui/toasts';
import { useCurrentUser } from '../../auth/api/current-user';
import { useCopyTemplate } from '../api/copy-template';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplate } from '../api/get-template';
import { useTemplates } from '../api/list-templates';
import {
  CONDITION_OPTIONS,
  PHASE_OPTIONS,
  conditionPhaseLabel,
  sourceLabel,
} from '../components/template-labels';

// The editor (its form and the library search) loads when a template is opened for editing.
const TemplateEditor = lazy(async () => ({
  default: (await import('../components/template-editor')).TemplateEditor,
}));

const ALL = 'all';
type Filter<V extends string> = V | typeof ALL;

const SOURCE_OPTIONS = [
  { value: ALL, label: 'All templates' },
  { value: 'clinic', label: 'Your clinic’s' },
  { value: 'shipped', label: 'Shipped' },
] as const;

type Dialog =
  { kind: 'new' } | { kind: 'edit'; id: number } | { kind: 'delete'; template: TemplateSummary };

/**
 * program_templates (/program-templates): the clinic's condition templates beside the shipped
 * ones, by condition and phase. A shipped template is copied to be changed; a clinic one is
 * changed by its author or the administrator (docs/decisions/034-program-templates.md).
 */
export function TemplatesPage() {
  const role = useCurrentUser().data?.role;
  const mayWrite = can(role, 'templates.manage');
  const [condition, setCondition] = useState<Filter<Condition>>(ALL);
  const [phase, setPhase] = useState<Filter<Phase>>(ALL);
  const [source, setSource] = useState<Filter<TemplateSource>>(ALL);
  const query: TemplateListQuery = {
    ...(condition === ALL ? {} : { condition }),
    ...(phase === ALL ? {} : { phase }),
    ...(source === ALL ? {} : { source }),
  };
  const templates = useTemplates(query);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const copy = useCopyTemplate();
  const remove = useDeleteTemplate();
  const filtered = condition !== ALL || phase !== ALL || source !== ALL;

  const copyToEdit = (template: TemplateSummary) =>
    copy.mutate(template.id, {
      onSuccess: (copied) => {
        notify.success(`“${copied.name}” is now your clinic’s to change.`);
        setDialog({ kind: 'edit', id: copied.id });
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-ink">Program templates</h1>
          <p className="mt-1 max-w-2xl text-sm text-ink-muted">
            A starting program for a condition and phase, filled into a patient’s program in one
            step. Shipped templates are read-only: copy one to make it your clinic’s.
          </p>
        </div>
        {mayWrite && (
          <Button onClick={() => setDialog({ kind: 'new' })}>
            <Plus aria-hidden="true" className="size-4" />
            New template
          </Button>
        )}
      </div>
      <div role="search" aria-label="Filter templates" className="grid gap-3 sm:grid-cols-3">
        <Dropdown
          label="Condition"
          options={[{ value: ALL, label: 'All conditions' }, ...CONDITION_OPTIONS]}
          value={condition}
          onChange={setCondition}
          buttonClassName="w-full"
        />
        <Dropdown
          label="Phase"
          options={[{ value: ALL, label: 'All phases' }, ...PHASE_OPTIONS]}
          value={phase}
          onChange={setPhase}
          buttonClassName="w-full"
        />
        <Dropdown
          label="Source"
          options={SOURCE_OPTIONS}
          value={source}
          onChange={setSource}
          buttonClassName="w-full"
        />
      </div>
      {templates.isPending ? (
        <PanelLoading label="Loading templates" />
      ) : templates.isError ? (
        <PanelError
          error={templates.error}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
      ) : templates.data.count === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title={filtered ? 'No templates match these filters' : 'No templates yet'}
          description={
            filtered
              ? 'Choose another condition or phase, or show all templates.'
              : 'Write your clinic’s first template.'
          }
        />
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm text-ink-muted" aria-live="polite">
            {templates.data.count === 1 ? '1 template' : `${templates.data.count} templates`}
            {templates.isPlaceholderData && <Spinner size="sm" label="Updating" />}
          </p>
          <ul aria-label="Templates" className="grid gap-3 md:grid-cols-2">
            {templates.data.results.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                mayWrite={mayWrite}
                copying={copy.isPending && copy.variables === template.id}
                onCopy={() => copyToEdit(template)}
                onEdit={() => setDialog({ kind: 'edit', id: template.id })}
                onDelete={() => setDialog({ kind: 'delete', template })}
              />
            ))}
          </ul>
        </>
      )}
      <Suspense fallback={null}>
        {dialog?.kind === 'new' && (
          <TemplateEditor template={null} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'edit' && <EditTemplate id={dialog.id} onClose={() => setDialog(null)} />}
      </Suspense>
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete this template?"
          confirmLabel="Delete template"
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onClose={() => {
            remove.reset();
            setDialog(null);
          }}
          onConfirm={() =>
            remove.mutate(dialog.template.id, {
              onSuccess: () => {
                notify.success(`“${dialog.template.name}” is deleted.`);
                setDialog(null);
              },
            })
          }
        >
          “{dialog.template.name}” goes for the whole clinic. Programs filled from it keep their
          exercises.
        </ConfirmDialog>
      )}
    </div>
  );
}

function TemplateCard({
  template,
  mayWrite,
  copying,
  onCopy,
  onEdit,
  onDelete,
}: {
  template: TemplateSummary;
  mayWrite: boolean;
  copying: boolean;
  onCopy: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const shipped = template.source === 'shipped';
  return (
    <li className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold text-ink">{template.name}</h2>
          <span
            className={
              shipped
                ? 'rounded-full bg-canvas px-2 py-0.5 text-xs text-ink-muted'
                : 'rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800'
            }
          >
            {shipped ? 'Shipped' : 'Your clinic'}
          </span>
        </div>
        <p className="text-sm text-ink-muted">
          {/* A shipped template's name already says its condition and phase. */}
          {shipped
            ? `${template.exercises.length} exercises at the catalogue’s doses`
            : `${conditionPhaseLabel(template)} · ${sourceLabel(template)}`}
        </p>
      </div>
      <ol className="list-decimal pl-5 text-sm text-ink">
        {template.exercises.map((title, index) => (
          <li key={`${index}-${title}`}>{title}</li>
        ))}
      </ol>
      {template.notes && (
        <p className="line-clamp-3 text-sm text-ink-muted" title={template.notes}>
          {template.notes}
        </p>
      )}
      {mayWrite && (
        <div className="mt-auto flex flex-wrap gap-2">
          {template.can_edit && (
            <Button size="sm" variant="secondary" onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            loading={copying}
            onClick={onCopy}
            aria-label={`${shipped ? 'Copy to edit' : 'Copy'} ${template.name}`}
          >
            {!copying && <Copy aria-hidden="true" className="size-4" />}
            {shipped ? 'Copy to edit' : 'Copy'}
          </Button>
          {template.can_edit && (
            <Button
              size="sm"
              variant="ghost"
              onClick={onDelete}
              aria-label={`Delete ${template.name}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** The editor of one template, once its exercises are loaded. */
function EditTemplate({ id, onClose }: { id: number; onClose: () => void }) {
  const template = useTemplate(id);
  if (template.data) {
    return <TemplateEditor template={template.data} onClose={onClose} />;
  }
  return (
    <Modal show size="sm" title="Edit template" onClose={onClose}>
      {template.isError ? (
        <PanelError
          error={template.error}
          onRetry={() => void template.refetch()}
          retrying={template.isFetching}
        />
      ) : (
        <PanelLoading label="Loading the template" />
      )}
    </Modal>
  );
}
