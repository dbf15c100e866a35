import type { AssistantKind } from '@homestretch/contract/billing/rtm-case';
import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import {
  ASSISTANT_KIND_LABELS,
  LICENSED_THERAPIST_LABEL,
} from '@homestretch/contract/staff/set-assistant-kind';
import { errorMessage } from '../../../lib/error-messages';
import { Dropdown } from '../../../ui/dropdown';
import { Spinner } from '../../../ui/spinner';
import { notify } from '../../../ui/toasts';
import { useSetAssistantKind } from '../api/set-assistant-kind';

/** The dropdown's stand-in for null, which a dropdown value cannot be. */
const LICENSED = 'licensed';
type Choice = AssistantKind | typeof LICENSED;

const OPTIONS: ReadonlyArray<{ value: Choice; label: string }> = [
  { value: LICENSED, label: LICENSED_THERAPIST_LABEL },
  { value: 'PTA', label: ASSISTANT_KIND_LABELS.PTA },
  { value: 'OTA', label: ASSISTANT_KIND_LABELS.OTA },
];

/**
 * Whether a therapist is licensed or an assistant: billing puts CQ (PTA) or CO (OTA) on an
 * assistant's minutes and never names them the rendering therapist (domain/rtm.md).
 */
export function AssistantKindSelect({ member }: { member: StaffMember }) {
  const save = useSetAssistantKind();
  const name = `${member.first_name} ${member.last_name}`.trim() || member.email;
  const current: Choice = member.assistant_kind ?? LICENSED;
  return (
    <div className="flex items-center gap-2">
      <Dropdown
        label={`Therapist type of ${name}`}
        hideLabel
        options={OPTIONS}
        value={current}
        disabled={save.isPending}
        // "Occupational therapy assistant (OTA)" whole, its kind being its last word: on a phone's
        // card (the screen less its margins) in the smaller type.
        buttonClassName="w-[min(22rem,calc(100vw-4.5rem))] text-sm sm:text-base"
        onChange={(choice) => {
          if (choice === current) {
            return;
          }
          const kind = choice === LICENSED ? null : choice;
          save.mutate(
            { userId: member.id, assistant_kind: kind },
            {
              onSuccess: () =>
                notify.success(
                  `${name} is now ${kind ? ASSISTANT_KIND_LABELS[kind] : LICENSED_THERAPIST_LABEL}.`,
                ),
              onError: (error) =>
                notify.error(`Could not change ${name}’s therapist type. ${errorMessage(error)}`),
            },
          );
        }}
      />
      {save.isPending && <Spinner size="sm" label="Saving" />}
    </div>
  );
}
