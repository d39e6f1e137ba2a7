import { describe, expect, it } from 'vitest';
import { renderServer } from '@test/render';
import { NativeSelect } from './native-select';

const options = [
  { value: '0012', label: 'Elko' },
  { value: '0021', label: 'St. George' },
];

describe('NativeSelect (server render)', () => {
  it("is the browser's own select with the given attributes and options, the chevron hidden", async () => {
    const field = { id: 's', name: 'location', defaultValue: '0021', required: true };
    const html = await renderServer(<NativeSelect look="field" {...field} options={options} />);
    expect(html).toMatch(/<select class="[^"]+" id="s" name="location" required="">/);
    expect(html).toContain('<option value="0012">Elko</option>');
    expect(html).toContain('<option value="0021" selected="">St. George</option>');
    expect(html).not.toContain('disabled');
    expect(html).toMatch(/<svg [^>]*aria-hidden="true" focusable="false"/);
  });

  it('offers a placeholder that cannot be chosen back while nothing is chosen', async () => {
    const html = await renderServer(
      <NativeSelect
        look="compact"
        value=""
        onChange={() => {}}
        placeholder="Select a store"
        options={options}
      />,
    );
    expect(html).toMatch(
      /<select [^>]*><option value="" disabled="" selected="">Select a store<\/option>/,
    );
  });
});
