import { zodResolver } from '@hookform/resolvers/zod';
import { JOIN_CONSENT_REQUIRED, JoinRequest } from '@loyalty/contract';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fieldIssues } from '@/lib/api';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useJoin } from '../api/join';
import { translate } from '@/lib/i18n';
import { joinMessages } from '../messages';

/** The join form's fields (the store comes from the page address); the consent box starts unticked and must be ticked. */
const joinForm = JoinRequest.omit({ storeId: true }).extend({ consent: z.boolean().refine((v) => v, JOIN_CONSENT_REQUIRED) });
type JoinFormIn = z.input<typeof joinForm>;
type JoinFormOut = z.output<typeof joinForm>;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'consent', 'altcha'] as const;

/**
 * The join page's form (docs/product.md 'Online sign-up'): first and last name, e-mail,
 * optional phone, the consent box and the solved proof of work (`altcha`, ADR 0027), validated by
 * the contract's JoinRequest; submit posts POST /api/join/{slug} with `storeId`, and with
 * `referralCode` when the page was opened from a friend's referral link (`referralCode`, already
 * normalised; null for none). Returns
 * `{ form, onSubmit, pending, sent, failure, round, onPayload }`: `sent` the server's 202
 * message once it answered (else null); `failure` a failure no field explains (429 daily cap or
 * network, 422 no room or a failed check, 404), else null; a 400 naming a field goes under that
 * field. The server spends a challenge on every sign-up it checks, so a refused one bumps
 * `round`, which makes the robot check solve a new challenge; `onPayload` takes its payload.
 */
export function useJoinForm(slug: string, storeId: string, referralCode: string | null = null) {
  const request = useJoin(slug);
  const form = useForm<JoinFormIn, unknown, JoinFormOut>({
    resolver: zodResolver(joinForm),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', consent: false, altcha: '' },
  });
  const [round, setRound] = useState(0);
  const onPayload = useCallback(
    (payload: string | null) => form.setValue('altcha', payload ?? '', { shouldValidate: Boolean(payload) && form.formState.isSubmitted }),
    [form],
  );
  const onSubmit = form.handleSubmit((values) => {
    request.mutate(
      { ...values, consent: true, storeId, ...(referralCode ? { referralCode } : {}) },
      {
        onError: (err) => {
          form.setValue('altcha', '');
          setRound((r) => r + 1);
          for (const { field, message } of fieldIssues(err)) {
            if ((FIELDS as readonly string[]).includes(field))
              form.setError(field as (typeof FIELDS)[number], { type: 'server', message }, { shouldFocus: true });
          }
        },
      },
    );
  });
  const onField = fieldIssues(request.error).some((i) => (FIELDS as readonly string[]).includes(i.field));
  const failure = request.isError && !onField ? saveErrorMessage(request.error, translate(joinMessages, 'sendFailed')) : null;
  return { form, onSubmit, pending: request.isPending, sent: request.data?.message ?? null, failure, round, onPayload };
}
