import * as Sentry from '@sentry/react';
import { afterEach, describe, expect, it } from 'vitest';
import { scrubRecordingEvent, sentryOptions } from './sentry-client';

const REPORTING = {
  dsn: 'https://public@o1.ingest.example.io/3',
  environment: 'production',
  release: 'homestretch@abc',
};

type Envelope = [Record<string, unknown>, [{ type: string }, Record<string, unknown>][]];

/** The real SDK with a transport that keeps what it would send, instead of the network. */
function startWithMemoryTransport(sent: Envelope[]) {
  Sentry.init({
    ...sentryOptions(REPORTING),
    transport: () => ({
      send: async (envelope) => {
        sent.push(envelope as unknown as Envelope);
        return { statusCode: 200 };
      },
      flush: async () => true,
    }),
  });
}

afterEach(async () => {
  await Sentry.close();
});

describe('Sentry for the web apps', () => {
  it('samples as spec §9 says and replays with every text, input and image masked', () => {
    const options = sentryOptions(REPORTING);
    expect(options).toMatchObject({
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 1,
      replaysOnErrorSampleRate: 1,
      release: 'homestretch@abc',
      initialScope: { tags: { period: '2025-01' } },
    });
    const integrations = options.integrations as { name: string }[];
    expect(integrations.map((integration) => integration.name)).toEqual([
      'BrowserTracing',
      'Replay',
    ]);
    const replay = integrations[1] as unknown as {
      _initialOptions: { maskAllText: boolean; maskAllInputs: boolean; blockAllMedia: boolean };
    };
    expect(replay._initialOptions).toMatchObject({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
    });
  });

  it('sends a fault without the patient data its message carried', async () => {
    const sent: Envelope[] = [];
    startWithMemoryTransport(sent);
    Sentry.addBreadcrumb({ category: 'ui.click', message: 'button "Call Maria Alvarez"' });
    Sentry.captureException(
      new Error('Could not show "Maria Alvarez" (maria.alvarez@example.com, 415-555-0132)'),
    );
    await Sentry.flush(2_000);
    const events = sent
      .flatMap(([, items]) => items)
      .filter(([header]) => header.type === 'event')
      .map(([, payload]) => payload);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      release: 'homestretch@abc',
      tags: { period: '2025-01' },
      exception: {
        values: [{ type: 'Error', value: 'Could not show "[redacted]" ([email], [phone])' }],
      },
    });
    const text = JSON.stringify(events[0]);
    for (const secret of ['Maria', 'maria', '555-0132']) {
      expect(text).not.toContain(secret);
    }
  });

  it("keeps a replay's calls and pages without their query strings, and drops what was typed or clicked", () => {
    const navigation = {
      type: 5,
      data: {
        tag: 'breadcrumb',
        payload: { category: 'navigation', data: { from: '/patients?q=Maria', to: '/patients' } },
      },
    };
    expect(scrubRecordingEvent(navigation)).toEqual({
      type: 5,
      data: {
        tag: 'breadcrumb',
        payload: {
          category: 'navigation',
          message: undefined,
          data: { from: '/patients', to: '/patients' },
        },
      },
    });
    for (const category of ['ui.click', 'console', 'ui.input']) {
      const crumb = {
        type: 5,
        data: { tag: 'breadcrumb', payload: { category, message: 'Maria' } },
      };
      expect(scrubRecordingEvent(crumb), category).toBeNull();
    }
    const call = {
      type: 5,
      data: {
        tag: 'performanceSpan',
        payload: {
          op: 'resource.fetch',
          description: '/api/v1/patients/?search=Maria%20Alvarez',
          data: { method: 'GET', statusCode: 200 },
        },
      },
    };
    expect(JSON.stringify(scrubRecordingEvent(call))).not.toContain('Maria');
    expect(scrubRecordingEvent(call)?.data?.payload?.description).toBe('/api/v1/patients/');
    // The page itself (rrweb's snapshots and mutations) is masked by the replay's own options.
    const mutation = { type: 3, data: { source: 0 } };
    expect(scrubRecordingEvent(mutation)).toBe(mutation);
  });
});
