import { cn } from '@/lib/cn';
import { initials } from '../lib/labels';

const sizes = { sm: 'h-9 w-9 text-sm', lg: 'h-16 w-16 text-xl' } as const;

/** A round avatar with the customer's initials. Decorative. */
export function CustomerAvatar({ customer, size = 'sm' }: { customer: { firstName: string; lastName: string }; size?: keyof typeof sizes }) {
  return (
    <span aria-hidden="true" className={cn('flex shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700', sizes[size])}>
      {initials(customer)}
    </span>
  );
}
