import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

/** The button's class list, split, so a test sees which colour and padding classes it carries. */
function classesOf(name: string): string[] {
  return screen.getByRole('button', { name }).className.split(/\s+/);
}

describe('Button variants', () => {
  it('draws a primary, medium button when no variant or size is given', () => {
    render(<Button>Save</Button>);
    expect(classesOf('Save')).toEqual(expect.arrayContaining(['bg-indigo-600', 'text-white', 'h-10', 'px-4']));
  });

  it('draws the danger variant red with white text, in the small size', () => {
    render(
      <Button variant="danger" size="sm">
        Delete Customer
      </Button>,
    );
    const classes = classesOf('Delete Customer');
    expect(classes).toEqual(expect.arrayContaining(['bg-red-600', 'hover:bg-red-700', 'text-white', 'h-8', 'px-3']));
    expect(classes).not.toContain('bg-indigo-600');
  });

  it("lets a caller's colour replace the ghost variant's grey, keeping one text colour (the revoke buttons)", () => {
    render(
      <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800">
        Revoke
      </Button>,
    );
    const classes = classesOf('Revoke');
    expect(classes).toEqual(expect.arrayContaining(['text-red-700', 'hover:bg-red-50', 'hover:text-red-800']));
    expect(classes).not.toContain('text-slate-600');
    expect(classes).not.toContain('hover:bg-slate-100');
  });

  it("lets a caller's padding replace the size's (an icon-only button)", () => {
    render(
      <Button variant="outline" size="sm" className="px-2" aria-label="Card actions">
        …
      </Button>,
    );
    const classes = classesOf('Card actions');
    expect(classes).toContain('px-2');
    expect(classes).not.toContain('px-3');
  });
});
