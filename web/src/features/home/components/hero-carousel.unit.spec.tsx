import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMeal } from '@/testing/fixtures';
import { answerPages } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('hero', () => {
  // Home's meals below the hero: none here unless a test says so.
  beforeEach(() => answerPages('/api/meals', []));

  it('given a search, when submitted, then opens Explore All Meals with the query', async () => {
    answerPages('/api/meals', [makeMeal({ title: 'Rice Bowl' })]);
    const { router } = renderApp('/');
    const user = userEvent.setup();

    await user.type(screen.getByPlaceholderText('Search for any product...'), ' rice bowl ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/AllMeals'));
    expect(router.state.location.search).toBe('?search=rice+bowl');
  });

  it('given autoplay, when Pause is pressed, then it stops and offers Play', async () => {
    renderApp('/');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
    // Paused, the slide is announced when the reader changes it.
    await user.click(screen.getByRole('button', { name: /^Slide 2:/ }));
    expect(screen.getByRole('group', { name: '2 of 3' })).toHaveAttribute('aria-live', 'polite');
  });

  it('given no preference, then turns to the next slide every 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/');

    expect(screen.getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(screen.getByRole('group', { name: '2 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Vote for what we cook next' })).toBeInTheDocument();
  });

  it('given a preference for reduced motion, then nothing moves until the reader presses Play', async () => {
    preferReducedMotion();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/');

    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Fresh meals, every single day' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
  });
});
