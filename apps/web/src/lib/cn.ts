import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (clsx: strings, falsy values skipped, arrays and `{ class: condition }`
 * objects) and resolves Tailwind conflicts so the last one wins (tailwind-merge):
 * cn('px-4 py-2', cond && 'py-0') → 'px-4 py-0'. A caller's className therefore overrides a
 * component's own classes of the same property instead of depending on stylesheet order.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
