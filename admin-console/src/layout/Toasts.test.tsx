import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast, type Toast } from './Toasts';

function Harness({ onReady }: { onReady: (show: (toast: Toast) => void) => void }) {
  onReady(useToast());
  return null;
}

function mount() {
  let show: (toast: Toast) => void = () => {};
  render(
    <ToastProvider>
      <Harness onReady={(fn) => (show = fn)} />
    </ToastProvider>,
  );
  return (toast: Toast) => act(() => show(toast));
}

describe('toasts', () => {
  it('show the title over the description, as an alert', () => {
    const show = mount();
    show({ title: 'Statistics Cleared', description: 'All game statistics have been deleted successfully.' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Statistics Cleared');
    expect(alert.textContent).toContain('All game statistics have been deleted successfully.');
    expect(alert.className).toContain('Success');
  });

  it('one at a time: a new toast replaces the one on show', () => {
    const show = mount();
    show({ title: 'Backup Deleted', description: 'The game backup has been removed.' });
    show({
      title: 'Recovery Failed',
      description: 'Failed to recover game: HTTP 500',
      variant: 'destructive',
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toContain('Recovery Failed');
    expect(alerts[0]!.className).toContain('Error');
  });

  it('outside the provider, says so', () => {
    expect(() => render(<Harness onReady={() => {}} />)).toThrow(
      'useToast must be used within a ToastProvider',
    );
  });
});
