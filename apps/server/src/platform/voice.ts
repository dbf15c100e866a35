/**
 * Phone calls to patients (issue 13, ARCHITECTURE.md "outside services"): a Twilio adapter when
 * TWILIO_* is configured, otherwise a local simulator whose calls move through the same states on
 * the server's clock, so the whole flow (and the RTM live call it logs) can be seen without a
 * telephony account.
 */
import { randomUUID } from 'node:crypto';
import {
  VOICE_CALL_STATUSES,
  type VoiceCallStatus,
} from '@homestretch/contract/voice/voice-call-states';
import { MAX_CALL_SECONDS } from '@homestretch/contract/patients/interaction-log';
import { AppError } from './errors';
import { type TwilioConfig, twilioAccountUrl, twilioAuthorization } from './sms';

/** Where a call stands, as its provider tells it. */
export interface ProviderCallState {
  status: VoiceCallStatus;
  /** When the patient answered. */
  answeredAt: Date | null;
  endedAt: Date | null;
  /** Seconds from the answer to the end, once the call is over. */
  durationSeconds: number | null;
}

/** What a provider needs of a call it placed. */
export interface PlacedCall {
  providerCallId: string | null;
  status: VoiceCallStatus;
  createdAt: Date;
  startedAt: Date | null;
}

export interface VoiceProvider {
  readonly name: 'simulator' | 'twilio';
  /** Dials `to` (E.164); answers the provider's id of the call. */
  place(input: { to: string; now: Date }): Promise<{ providerCallId: string }>;
  /** Where the call stands at `now`. */
  poll(call: PlacedCall, now: Date): Promise<ProviderCallState>;
  /** Hangs up (or stops the ringing) at `now`; answers where the call ended. */
  hangUp(call: PlacedCall, now: Date): Promise<ProviderCallState>;
}

/** The simulator's timeline, from the moment the call is placed. */
export const SIMULATED_RINGING_AFTER_MS = 2_000;
export const SIMULATED_ANSWER_AFTER_MS = 5_000;
/** An unanswered call gives up, as a phone network does. */
export const SIMULATED_NO_ANSWER_AFTER_MS = 30_000;

/**
 * Numbers the simulator treats as unreachable: those ending in 0000 (555-0000 style test
 * numbers). They ring and are never answered, so a "not reached" call can be tried on purpose.
 */
export function simulatorUnreachable(phone: string): boolean {
  return /0000$/.test(phone);
}

const seconds = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/**
 * The default without a provider: no phone rings. A call's state is a function of when it was
 * placed and the clock (no timers, nothing in memory, so any node answers the same): queued,
 * ringing after 2 s, answered after 5 s and in progress until hung up, at most MAX_CALL_SECONDS.
 * Whether the number is reachable is decided when the call is placed and kept in its id.
 */
export function createVoiceSimulator(): VoiceProvider {
  const reachable = (call: PlacedCall) => !call.providerCallId?.startsWith('sim-unreachable-');
  const at = (call: PlacedCall, ms: number) => new Date(call.createdAt.getTime() + ms);
  const poll = (call: PlacedCall, now: Date): ProviderCallState => {
    const elapsed = now.getTime() - call.createdAt.getTime();
    if (elapsed < SIMULATED_RINGING_AFTER_MS) {
      return { status: 'queued', answeredAt: null, endedAt: null, durationSeconds: null };
    }
    if (!reachable(call) || elapsed < SIMULATED_ANSWER_AFTER_MS) {
      if (elapsed < SIMULATED_NO_ANSWER_AFTER_MS) {
        return { status: 'ringing', answeredAt: null, endedAt: null, durationSeconds: null };
      }
      const endedAt = at(call, SIMULATED_NO_ANSWER_AFTER_MS);
      return { status: 'no-answer', answeredAt: null, endedAt, durationSeconds: 0 };
    }
    const answeredAt = at(call, SIMULATED_ANSWER_AFTER_MS);
    const longest = new Date(answeredAt.getTime() + MAX_CALL_SECONDS * 1000);
    if (now < longest) {
      return { status: 'in-progress', answeredAt, endedAt: null, durationSeconds: null };
    }
    return { status: 'completed', answeredAt, endedAt: longest, durationSeconds: MAX_CALL_SECONDS };
  };
  return {
    name: 'simulator',
    async place({ to }) {
      return {
        providerCallId: `sim-${simulatorUnreachable(to) ? 'unreachable' : 'reachable'}-${randomUUID()}`,
      };
    },
    async poll(call, now) {
      return poll(call, now);
    },
    async hangUp(call, now) {
      const state = poll(call, now);
      if (state.status === 'in-progress' && state.answeredAt) {
        return {
          ...state,
          status: 'completed',
          endedAt: now,
          durationSeconds: seconds(state.answeredAt, now),
        };
      }
      if (state.status === 'queued' || state.status === 'ringing') {
        return { ...state, status: 'canceled', endedAt: now, durationSeconds: 0 };
      }
      return state;
    },
  };
}

/** What the patient hears while the clinic's line is connected. */
const ANSWER_TWIML =
  '<Response><Say>Hello, this is your physical therapy clinic calling. Please stay on the line.</Say><Pause length="600"/></Response>';

interface TwilioCallResource {
  sid: string;
  status: string;
  start_time: string | null;
  end_time: string | null;
  duration: string | null;
}

/** Twilio's statuses are ours, but `initiated` (dialled, not yet ringing), which we call queued. */
function ourStatus(twilio: string): VoiceCallStatus {
  if (twilio === 'initiated') {
    return 'queued';
  }
  return (VOICE_CALL_STATUSES as readonly string[]).includes(twilio)
    ? (twilio as VoiceCallStatus)
    : 'failed';
}

function stateOf(resource: TwilioCallResource): ProviderCallState {
  const status = ourStatus(resource.status);
  const live = status === 'queued' || status === 'ringing' || status === 'in-progress';
  const date = (value: string | null) => (value ? new Date(value) : null);
  return {
    status,
    // Twilio's start_time is when the call began connecting; only an answered call has one that
    // means the patient picked up.
    answeredAt:
      status === 'in-progress' || status === 'completed' ? date(resource.start_time) : null,
    endedAt: live ? null : date(resource.end_time),
    durationSeconds: live ? null : Number(resource.duration ?? 0),
  };
}

/**
 * Twilio's Calls API over plain fetch, like the SMS adapter (sms.ts): a form-encoded POST places
 * the call, a GET reads it, a POST of Status hangs it up. A refusal or an unreachable Twilio is a
 * 503; Twilio's own words go to the log through the error's cause.
 */
export function createTwilioVoice(
  config: TwilioConfig,
  options: { fetch?: typeof fetch; baseUrl?: string } = {},
): VoiceProvider {
  const doFetch = options.fetch ?? fetch;
  const calls = `${twilioAccountUrl(config, options.baseUrl)}/Calls`;
  const authorization = twilioAuthorization(config);
  const request = async (url: string, form?: URLSearchParams): Promise<TwilioCallResource> => {
    let detail: string;
    try {
      const response = await doFetch(url, {
        method: form ? 'POST' : 'GET',
        headers: {
          authorization,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) {
        return (await response.json()) as TwilioCallResource;
      }
      detail = `Twilio answered ${response.status}: ${(await response.text()).slice(0, 500)}`;
    } catch (error) {
      detail = `Twilio unreachable: ${error instanceof Error ? error.message : String(error)}`;
    }
    const failure = new AppError(
      'service_unavailable',
      'The phone service did not answer. Please try the call again in a few minutes.',
    );
    failure.cause = detail;
    throw failure;
  };
  const resource = (call: PlacedCall) => {
    if (!call.providerCallId) {
      throw new AppError('conflict', 'This call was never placed with the phone service');
    }
    return `${calls}/${encodeURIComponent(call.providerCallId)}.json`;
  };
  return {
    name: 'twilio',
    async place({ to }) {
      const placed = await request(
        `${calls}.json`,
        new URLSearchParams({ To: to, From: config.from, Twiml: ANSWER_TWIML }),
      );
      return { providerCallId: placed.sid };
    },
    async poll(call) {
      return stateOf(await request(resource(call)));
    },
    async hangUp(call) {
      // Twilio cancels a call not yet answered, and completes one in progress.
      const status = call.status === 'in-progress' ? 'completed' : 'canceled';
      return stateOf(await request(resource(call), new URLSearchParams({ Status: status })));
    },
  };
}

export function createVoiceProvider(config: { twilio: TwilioConfig | null }): VoiceProvider {
  return config.twilio ? createTwilioVoice(config.twilio) : createVoiceSimulator();
}
