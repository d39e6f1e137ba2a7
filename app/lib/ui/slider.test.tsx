import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { CardRow, SliderFrame, StepButtons } from './slider';

describe('StepButtons (server render)', () => {
  const names = { previous: 'Previous slide', next: 'Next slide' };

  it('are two buttons named for what they move, controlling the strip, around `between`', async () => {
    const dots = <span>dots</span>;
    const html = await renderServer(
      <StepButtons controls="strip" {...names} onStep={() => {}} look="ghost" between={dots} />,
    );
    expect(html).toMatch(
      /^<button type="button" class="[^"]+" aria-label="Previous slide" aria-controls="strip">.*<\/button><span>dots<\/span><button type="button" class="[^"]+" aria-label="Next slide" aria-controls="strip">/,
    );
    expect(html).not.toContain('disabled');
  });

  it('disables the button of the end in view of a row that does not wrap around', async () => {
    const html = await renderServer(
      <StepButtons
        controls="row"
        {...names}
        onStep={() => {}}
        atStart
        atEnd={false}
        look="outline"
      />,
    );
    expect(html).toMatch(/aria-label="Previous slide" aria-controls="row" disabled=""/);
    expect(html).not.toMatch(/aria-label="Next slide"[^>]*disabled/);
  });
});

describe('SliderFrame (server render)', () => {
  it('is a section named by its heading, the link and buttons in the header, then the strip', async () => {
    const html = await renderServer(
      <SliderFrame
        titleId="t"
        title="Weekly Ad"
        link={<a href="/weekly-ad">See all</a>}
        controls={<button type="button">Next</button>}
        controlsTestId="controls"
        withControls
        data-testid="slider"
      >
        <p>Strip</p>
      </SliderFrame>,
    );
    expect(html).toMatch(/^<section aria-labelledby="t" data-testid="slider">/);
    expect(html).toMatch(/<h2 id="t" class="[^"]+">Weekly Ad<\/h2>/);
    expect(html).toContain('data-testid="controls"');
    expect(textOf(html)).toBe('Weekly Ad See all Next Strip');
  });

  it('keeps the same header whether or not the buttons are there yet (no shift at hydration)', async () => {
    const frame = (controls: boolean) =>
      renderServer(
        <SliderFrame
          titleId="t"
          title="T"
          link={<a href="/x">All</a>}
          controls={controls ? <button type="button">Next</button> : null}
          withControls
        >
          <p>Strip</p>
        </SliderFrame>,
      );
    const header = (html: string) => html.match(/<section[^>]*><div class="([^"]+)"/)?.[1];
    expect(header(await frame(false))).toBe(header(await frame(true)));
    expect(await frame(false)).not.toContain('<button');
  });
});

describe('CardRow (server render)', () => {
  it('is a named, keyboard-scrollable list of card slots', async () => {
    const html = await renderServer(
      <CardRow
        id="cards"
        label="Featured digital coupons"
        slotClassName="slot"
        items={[
          { key: 'a', card: <article>A</article> },
          { key: 'b', card: <article>B</article> },
        ]}
      />,
    );
    expect(html).toMatch(
      /^<ul id="cards" class="[^"]+" tabindex="0" aria-label="Featured digital coupons">/,
    );
    expect(html.match(/<li class="slot"><article>[AB]<\/article><\/li>/g)).toHaveLength(2);
    expect(html).not.toContain('aria-busy');
    const busy = await renderServer(<CardRow label="x" slotClassName="slot" items={[]} busy />);
    expect(busy).toContain('aria-busy="true"');
  });
});
