import type { ComponentProps } from 'react';
import { Input } from './input';

/** Props of {@link NumberInput}: those of `Input` without `type`. */
export type NumberInputProps = Omit<ComponentProps<typeof Input>, 'type'>;

/**
 * A labelled number field: `Input` with `type="number"` and the numeric keypad
 * (`inputMode="numeric"` unless given). Pass `min`, `max`, `step`, `hint`, `error` and
 * `register(...)` as to `Input`.
 */
export function NumberInput({ inputMode = 'numeric', ...rest }: NumberInputProps) {
  return <Input type="number" inputMode={inputMode} {...rest} />;
}

/**
 * A rate in percent, 0–100 in steps of 0.1, with a '%' inside the box on the right (cashback
 * rates, tier bonuses, offers). Other props as {@link NumberInput}.
 */
export function PercentInput(props: NumberInputProps) {
  return <NumberInput inputMode="decimal" min={0} max={100} step={0.1} trailing={<span className="pr-2 text-sm text-slate-500">%</span>} {...props} />;
}
