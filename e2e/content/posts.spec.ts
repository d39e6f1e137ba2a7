import { expect, test } from '@playwright/test';
import { hiddenPosts, posts } from '../kit/content';
import { brandUrl, dismissPopups } from '../kit/support';

test.describe('posts', () => {
  // The brand's app popup (1 s after a page loads) is modal: it would hide the post's heading
  // from the accessibility tree on a slow run.
  test.beforeEach(async ({ page }) => {
    await dismissPopups(page);
  });

  test('a category lists its visible posts newest first and opens one @nojs', async ({ page }) => {
    const expected = posts('lins', 'recipes');
    await page.goto(brandUrl('lins', '/posts/recipes'));
    await expect(page).toHaveTitle(/^Recipes - /);
    await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
    const titles = await page.locator('main article h2').allTextContents();
    expect(titles).toEqual(expected.map((p) => p.title));
    await page.getByRole('link', { name: expected[0].title }).click();
    await expect(page).toHaveURL(brandUrl('lins', `/posts/recipes/${expected[0].slug}`));
    await expect(page.getByRole('heading', { level: 1, name: expected[0].title })).toBeVisible();
    await expect(page).toHaveTitle(`${expected[0].title} - Lin's Fresh Market`);
  });

  test('posts not yet published or already ended are not served @nojs', async ({ page }) => {
    const hidden = hiddenPosts('lins', 'news');
    expect(hidden.length).toBeGreaterThan(0);
    for (const p of hidden) {
      const res = await page.goto(brandUrl('lins', `/posts/news/${p.slug}`));
      expect(res?.status()).toBe(404);
    }
  });

  test('one brand never serves another brand’s post @nojs', async ({ page }) => {
    const p = posts('lins', 'recipes')[0];
    const res = await page.goto(brandUrl('fresh-market', `/posts/recipes/${p.slug}`));
    expect(res?.status()).toBe(404);
  });
});
