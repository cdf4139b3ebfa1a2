import { useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { loadAltcha } from '../lib/load-altcha';

/** The widget's `statechange` detail: its state ('verified', 'verifying', 'expired', 'error', …) and, once verified, the payload to send. */
interface StateChange {
  state: string;
  payload?: string | null;
}

/**
 * The join form's proof of work (ADR 0027): the self-hosted `<altcha-widget>` solving a
 * challenge from GET /api/join/{slug}/challenge as soon as the page loads; no outside service.
 * `onPayload(payload)` gets the payload the sign-up sends as `altcha` once solved, and null
 * whenever it is not (still working, expired, failed). Each change of `round` (a refused
 * sign-up spent the challenge) resets the widget and solves a new one. `error` (the form's
 * message) shows under it.
 */
export function RobotCheck({ slug, round, onPayload, error }: { slug: string; round: number; onPayload: (payload: string | null) => void; error?: string }) {
  const ref = useRef<HTMLElement & { reset?: () => void; verify?: () => Promise<unknown> }>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadAltcha().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const widget = ref.current;
    if (!widget || !ready) return;
    const onChange = (e: Event) => {
      const { state, payload } = (e as CustomEvent<StateChange>).detail;
      onPayload(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', onChange);
    return () => widget.removeEventListener('statechange', onChange);
  }, [ready, onPayload]);
  useEffect(() => {
    const widget = ref.current;
    if (round === 0 || !widget?.reset) return;
    widget.reset();
    void widget.verify?.();
  }, [round]);
  return (
    <div>
      <altcha-widget ref={ref} challenge={`/api/join/${encodeURIComponent(slug)}/challenge`} auto="onload" configuration={WIDGET_CONFIGURATION} />
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** No pointer or scroll collection (the proof of work is the check), the attribution kept. */
const WIDGET_CONFIGURATION = JSON.stringify({ humanInteractionSignature: false });
