import { CheckCircle2, Gift } from 'lucide-react';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/** The trial's three points, as catalog keys. */
const TRIAL_POINTS = ['trialActivations', 'trialNoCard', 'trialThen'] as const;

/** The /signup banner: 'Start your 14-day free trial' and the trial's three points. */
export function TrialBanner() {
  const t = useMessages(authMessages);
  return (
    <div className="mb-6 rounded-xl bg-gradient-to-r from-indigo-600 to-violet-600 p-4 text-white shadow-sm">
      <div className="flex items-start gap-3">
        <Gift aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <div>
          <p className="font-semibold">{t('trialTitle')}</p>
          <ul className="mt-2 space-y-1 text-sm text-indigo-50">
            {TRIAL_POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0" />
                {t(point)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
