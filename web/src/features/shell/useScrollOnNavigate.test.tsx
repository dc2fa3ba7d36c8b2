import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useNavigate, type NavigateFunction } from 'react-router';
import { useScrollOnNavigate } from './useScrollOnNavigate.ts';

/** Two pages under the hook; the test drives the router and the window's scroll position. */
function setUp() {
  const positions = new Map<string, number>();
  let navigate: NavigateFunction = () => undefined;
  function Page() {
    useScrollOnNavigate(positions);
    navigate = useNavigate();
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/mypage'] });
  render(<RouterProvider router={router} />);
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const scrollBy = (y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  };
  const go = (to: string | number) =>
    act(() => {
      void (typeof to === 'number' ? navigate(to) : navigate(to));
    });
  return { go, scrollTo, scrollBy };
}

describe('scroll on navigation', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('useScrollOnNavigate, a link from a page scrolled down, opens the next page at its top', () => {
    const { go, scrollTo, scrollBy } = setUp();
    scrollBy(1200);

    go('/payment/editcard');

    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('useScrollOnNavigate, back, returns to where the page was left', () => {
    const { go, scrollTo, scrollBy } = setUp();
    scrollBy(1200);
    go('/payment/editcard');
    scrollBy(0);

    go(-1);

    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
  });
});
