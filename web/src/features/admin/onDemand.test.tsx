import { Component, Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onDemandModule } from './onDemand.ts';

/** A chunk the test resolves or rejects by hand. */
function manualChunk() {
  let settle: { resolve: (m: { Page: () => ReactNode }) => void; reject: (e: unknown) => void } | undefined;
  const importer = vi.fn(
    () =>
      new Promise<{ Page: () => ReactNode }>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return {
    importer,
    resolve: () => settle!.resolve({ Page: () => <p>ページ</p> }),
    reject: () => settle!.reject(new Error('chunk failed')),
  };
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

function Host({ chunk }: { chunk: ReturnType<typeof onDemandModule<{ Page: () => ReactNode }>> }) {
  const module = chunk.useModule(true);
  return module ? <module.Page /> : <p>読み込み中</p>;
}

describe('onDemandModule', () => {
  it('useModule, the chunk arriving after the first render, shows the module without ever showing the Suspense fallback', async () => {
    const chunk = manualChunk();
    const module = onDemandModule(chunk.importer);
    render(
      <Suspense fallback={<p>フォールバック</p>}>
        <Host chunk={module} />
      </Suspense>,
    );

    expect(screen.getByText('読み込み中')).toBeTruthy();
    await act(async () => chunk.resolve());

    expect(screen.getByText('ページ')).toBeTruthy();
    expect(screen.queryByText('フォールバック')).toBeNull();
  });

  it('load, called by two hosts and again after the chunk is in, fetches the chunk once and renders at once the second time', async () => {
    const chunk = manualChunk();
    const module = onDemandModule(chunk.importer);
    const first = render(
      <>
        <Host chunk={module} />
        <Host chunk={module} />
      </>,
    );
    await act(async () => chunk.resolve());
    first.unmount();

    render(<Host chunk={module} />);

    expect(screen.getByText('ページ')).toBeTruthy();
    expect(chunk.importer).toHaveBeenCalledTimes(1);
  });

  it('useModule, a chunk that fails to load, throws to the error boundary and a later load tries again', async () => {
    const chunk = manualChunk();
    const module = onDemandModule(chunk.importer);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Boundary>
        <Host chunk={module} />
      </Boundary>,
    );

    await act(async () => chunk.reject());
    const retried = module.load();
    chunk.resolve();

    expect(screen.getByRole('alert').textContent).toBe('chunk failed');
    expect(await retried).toHaveProperty('Page');
    expect(chunk.importer).toHaveBeenCalledTimes(2);
  });
});
