import { describe, expect, it } from 'vitest';
import { figures } from './testing.ts';
import { EDGE_WIDTH, edgeLook, nodeLook, TRAFFIC_SHADES, trafficStyle } from './trafficStyle.ts';

describe('trafficStyle', () => {
  it('trafficStyle, the most entered block, gets the strongest shade and a rarely entered one a light one', () => {
    const style = trafficStyle({
      blocks: [figures('busy', { entries: 100 }), figures('quiet', { entries: 1 })],
      edges: [],
    });

    expect(nodeLook(style, 'busy').style).toEqual({ '--bg-traffic': TRAFFIC_SHADES[4] });
    expect(nodeLook(style, 'quiet').style).toEqual({ '--bg-traffic': TRAFFIC_SHADES[0] });
  });

  it('trafficStyle, a block where a third of the entries dropped, is marked; one dropped talk alone is not', () => {
    const style = trafficStyle({
      blocks: [figures('stuck', { entries: 6, dropped: 2 }), figures('once', { entries: 1, dropped: 1 })],
      edges: [],
    });

    expect(nodeLook(style, 'stuck').className).toBe('bg-traffic--drop');
    expect(nodeLook(style, 'once').className).toBeUndefined();
  });

  it('nodeLook, a block never entered, is faded without a shade', () => {
    expect(nodeLook(trafficStyle({ blocks: [], edges: [] }), 'b9')).toEqual({ className: 'bg-traffic--none' });
  });

  it('edgeLook, arrows followed, are wider the more they were followed; one never followed is thin and faded', () => {
    const style = trafficStyle({
      blocks: [],
      edges: [
        { from: 'a', to: 'b', count: 40 },
        { from: 'b', to: 'c', count: 10 },
      ],
    });

    expect(edgeLook(style, 'a', 'b').style).toEqual({ strokeWidth: EDGE_WIDTH.max });
    const half = edgeLook(style, 'b', 'c').style.strokeWidth;
    expect(half).toBeGreaterThan(EDGE_WIDTH.none);
    expect(half).toBeLessThan(EDGE_WIDTH.max);
    expect(edgeLook(style, 'c', 'a').style).toEqual({ strokeWidth: 1, opacity: 0.35 });
  });

  it('edgeLook, a thick arrow, gets a smaller arrowhead factor so the head looks the same size on screen', () => {
    const style = trafficStyle({ blocks: [], edges: [{ from: 'a', to: 'b', count: 40 }] });
    const { style: look, markerSize } = edgeLook(style, 'a', 'b');
    expect(markerSize * look.strokeWidth).toBeCloseTo(16 * EDGE_WIDTH.none);
  });
});
