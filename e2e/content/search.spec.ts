import { expect, test } from '@playwright/test';
import { quietPage } from '../kit/popups';
import { brandUrl } from '../kit/support';

test.describe('content search', () => {
  test('without JavaScript the header box submits to /search with marked snippets @nojs-only', async ({
    page,
  }) => {
    await page.goto(brandUrl('lins', '/posts'));
    const box = page.getByRole('search').first().getByRole('searchbox');
    await box.fill('saffron');
    await box.press('Enter');
    await expect(page).toHaveURL(brandUrl('lins', '/search?q=saffron'));
    const results = page.getByTestId('search-results');
    await expect(results.getByRole('link')).toHaveText([/^Golden Seafood Paella/]);
    // The first match is beyond 200 characters: the snippet starts 100 before it with '…'.
    const snippet = results.locator('li p');
    await expect(snippet).toHaveText(/^…/);
    await expect(snippet.locator('mark').first()).toHaveText(/saffron/i);
    await expect(page).toHaveTitle(/^Search: saffron - /);
  });

  test('an unmatched search says No results @nojs', async ({ page }) => {
    await page.goto(brandUrl('fresh-market', '/search?q=zzqxvj'));
    await expect(page.getByRole('main').getByText('No results')).toBeVisible();
  });

  test('with JavaScript the header box shows the same results as the page', async ({ page }) => {
    await quietPage(page, 'fresh-market');
    await page.goto(brandUrl('fresh-market', '/search?q=saffron'));
    const pageTitles = await page
      .getByRole('main')
      .getByTestId('search-results')
      .getByRole('link')
      .allTextContents();
    expect(pageTitles.length).toBeGreaterThan(0);
    await page.goto(brandUrl('fresh-market', '/'));
    const box = page.getByRole('combobox', { name: 'Search this site' });
    await box.pressSequentially('saffron', { delay: 30 });
    const popup = page.getByRole('dialog', { name: 'Search results' });
    await expect(popup.getByRole('link')).toHaveText(pageTitles);
    await expect(popup.locator('mark').first()).toHaveText(/saffron/i);
    await expect(page.getByTestId('search-spinner')).toBeHidden();
    // A newer search replaces the results; an empty box closes the menu.
    await box.fill('zzqxvj');
    await expect(popup.getByText('No results')).toBeVisible();
    await box.fill('');
    await expect(popup).toBeHidden();
    // Search stays inside the brand: the other brand's saffron recipe is not found here.
    await box.pressSequentially('paella', { delay: 30 });
    await expect(popup.getByText('No results')).toBeVisible();
  });
});
