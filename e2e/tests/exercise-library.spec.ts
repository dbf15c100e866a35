import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, expectAccessible, signedInState, test } from './fixtures';

const FFMPEG = '/usr/bin/ffmpeg';
/** The demo's remote PT: the colleague who finds a shared folder. */
const COLLEAGUE = 'remote@demo.homestretch.test';

/** A two-second test film, made with ffmpeg where the test runs. */
function makeFilm(file: string): void {
  execFileSync(FFMPEG, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=160x120:rate=10',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
}

/** A folder or title no demo data has, so this run finds exactly what it made. */
function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

test.describe('exercise library', () => {
  test.use({ signedInAs: 'clinician' });

  test('filters and searches the catalogue, files an exercise in a new folder and shares it', async ({
    page,
  }) => {
    // Eight filter and search round trips, a folder made, filled and shared: about a minute on
    // a shared two-core CI machine, where it once ran out of time.
    test.slow();
    const folderName = unique('Balance basics');
    await page.goto('/exercise-library');
    await expect(page.getByRole('heading', { level: 1, name: 'Exercise library' })).toBeVisible();
    const videos = page.getByRole('list', { name: 'Videos' });
    await expect(videos.getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page);

    // Filters go to the address, and so to the list's query.
    await page.getByRole('button', { name: /^Show/ }).click();
    await page.getByRole('option', { name: 'Catalogue' }).click();
    await page.getByRole('button', { name: /^Body part/ }).click();
    await page.getByRole('option', { name: 'Core' }).click();
    await expect(page).toHaveURL(/scope=catalogue/);
    await expect(page).toHaveURL(/body_parts=Core/);
    const first = videos.getByRole('listitem').first();
    await expect(first).toContainText('Catalogue');
    await expect(first).toContainText('Core');
    const title = (await first.getByRole('link').first().textContent())?.trim() ?? '';
    expect(title).not.toBe('');

    // The search finds the exercise by the start of its words.
    await page.getByRole('searchbox', { name: 'Search' }).fill(title.toLowerCase().slice(0, 6));
    await expect(page).toHaveURL(/q=/);
    const found = videos.getByRole('listitem').filter({ hasText: title }).first();
    await expect(found).toBeVisible();

    // A new folder, and the exercise in it.
    const folders = page.getByRole('complementary', { name: 'Folders' });
    await folders.getByRole('button', { name: 'New folder' }).click();
    const create = page.getByRole('dialog', { name: 'New folder' });
    await create.getByLabel('Folder name').fill(folderName);
    await create.getByRole('button', { name: 'Create folder' }).click();
    await expect(create).toHaveCount(0);
    const folderButton = folders.getByRole('button', { name: new RegExp(`^${folderName}`) });
    await expect(folderButton).toBeVisible();

    await found.getByRole('checkbox', { name: `Select ${title}` }).check();
    await page
      .getByRole('region', { name: 'Selected videos' })
      .getByRole('button', { name: 'Add to folder' })
      .click();
    const add = page.getByRole('dialog', { name: 'Add 1 video to folders' });
    await add.getByRole('checkbox', { name: new RegExp(folderName) }).check();
    await add.getByRole('button', { name: 'Add to folder' }).click();
    await expect(add).toHaveCount(0);
    await expect(page.getByText(`1 video added to “${folderName}”.`)).toBeVisible();

    await folderButton.click();
    await expect(page).toHaveURL(/folder=\d+/);
    await expect(page.getByText('Private: only you see it')).toBeVisible();
    // The folder opens with the filters of the moment; cleared, it lists what it holds.
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('button', { name: /^Show/ }).click();
    await page.getByRole('option', { name: 'All videos' }).click();
    await page.getByRole('button', { name: /^Body part/ }).click();
    await page.getByRole('option', { name: 'All body parts' }).click();
    await expect(videos.getByRole('listitem')).toHaveCount(1);
    await expect(videos).toContainText(title);

    await folders.getByRole('button', { name: `Actions for folder ${folderName}` }).click();
    await page.getByRole('button', { name: 'Share with the clinic' }).click();
    await expect(page.getByText('Shared with your clinic', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // Clean up: the folder goes, the exercise stays in the catalogue.
    await folders.getByRole('button', { name: `Actions for folder ${folderName}` }).click();
    await page.getByRole('button', { name: 'Delete folder' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete the folder “${folderName}”?` });
    await confirm.getByRole('button', { name: 'Delete folder' }).click();
    await expect(folderButton).toHaveCount(0);
    await expect(page).not.toHaveURL(/folder=/);
  });

  test('copies a catalogue exercise into the library and edits the copy', async ({ page }) => {
    const newTitle = unique('Bird dog, slow');
    await page.goto('/exercise-library?scope=catalogue');
    const first = page.getByRole('list', { name: 'Videos' }).getByRole('listitem').first();
    const title = (await first.getByRole('link').first().textContent())?.trim() ?? '';
    await first.getByRole('button', { name: `Copy ${title} to my library` }).click();

    await expect(page).toHaveURL(/\/exercise-edit\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('My video', { exact: true })).toBeVisible();
    await expectAccessible(page);

    const sets = page.getByRole('spinbutton', { name: 'Sets' });
    await sets.fill('0');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('At least 1 set')).toBeVisible();
    await expect(sets).toBeFocused();

    await sets.fill('3');
    await page.getByRole('textbox', { name: 'Title' }).fill(newTitle);
    await page.getByRole('button', { name: /^Position/ }).click();
    await page.getByRole('option', { name: 'Hands and knees' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`“${newTitle}” is saved.`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(newTitle);
    await expect(page.getByRole('spinbutton', { name: 'Sets' })).toHaveValue('3');

    // The copy is the therapist's own: found under "My videos", then deleted again.
    await page.goto('/exercise-library?scope=mine');
    await page.getByRole('searchbox', { name: 'Search' }).fill(newTitle);
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByRole('list', { name: 'Videos' }).getByRole('listitem')).toHaveCount(1);
    const copy = page.getByRole('link', { name: newTitle, exact: true });
    await copy.click();
    await page.getByRole('button', { name: 'Delete video' }).click();
    await page
      .getByRole('dialog', { name: `Delete “${newTitle}”?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/exercise-library$/);
  });

  test(
    'on a phone the library is one column, with its filters and folders folded away',
    { tag: '@phone' },
    async ({ page, isMobile }) => {
      test.skip(!isMobile, 'The phone layout only');
      await page.goto('/exercise-library');
      const videos = page.getByRole('list', { name: 'Videos' });
      await expect(videos.getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Bottom menu' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Body part/ })).toBeHidden();

      const filters = page.getByRole('button', { name: /^Filters/ });
      await filters.click();
      await expect(filters).toHaveAttribute('aria-expanded', 'true');
      await page.getByRole('button', { name: /^Purpose/ }).click();
      await page.getByRole('option', { name: 'Stretching' }).click();
      await expect(page).toHaveURL(/purpose=Stretching/);
      await expect(filters).toContainText('1');

      // One column: the second card starts below the first. Measured again until the filtered
      // list has replaced the first one, whose cards a single measurement could catch detached.
      const cards = videos.getByRole('listitem');
      await expect
        .poll(async () => {
          const [first, second] = [
            await cards.nth(0).boundingBox(),
            await cards.nth(1).boundingBox(),
          ];
          return first && second ? second.y >= first.y + first.height - 1 : null;
        })
        .toBe(true);

      await page.getByRole('button', { name: /^Folders:/ }).click();
      const picker = page.getByRole('dialog', { name: 'Folders' });
      await expect(picker.getByRole('button', { name: 'Whole library' })).toBeVisible();
      await expectAccessible(page);
    },
  );
});

test.describe('exercise upload', () => {
  test.use({ signedInAs: 'clinician' });

  test('uploads a short film with a progress bar and lands on its page', async ({
    page,
  }, testInfo) => {
    test.skip(!existsSync(FFMPEG), 'needs ffmpeg to make the film');
    const title = unique('Heel raise').replace(' ', '-');
    const film = testInfo.outputPath(`${title}.mp4`);
    makeFilm(film);
    // The film is a few kilobytes: held back a moment, its bytes leave the bar on screen.
    await page.route('**/tusupload/**', async (route) => {
      if (route.request().method() === 'PATCH') {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      await route.continue();
    });

    await page.goto('/exercise-upload');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Upload an exercise video' }),
    ).toBeVisible();
    await page.getByLabel('Video file').setInputFiles(film);
    await expect(page.getByRole('progressbar', { name: 'Uploading' })).toBeVisible();

    await expect(page).toHaveURL(/\/exercise-edit\/\d+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const player = page.locator('video');
    await expect(player).toBeVisible({ timeout: 30_000 });
    await expect(player).toHaveAttribute('src', /\/video\/\d+\/file$/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Delete video' }).click();
    await page
      .getByRole('dialog', { name: `Delete “${title}”?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/exercise-library$/);
  });

  test('resumes an upload after a reload, and a colleague plays it from a shared folder', async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(!existsSync(FFMPEG), 'needs ffmpeg to make the film');
    const title = unique('Step up').replace(' ', '-');
    const folderName = unique('Stairs');
    const film = testInfo.outputPath(`${title}.mp4`);
    makeFilm(film);

    // The first try never gets its bytes through: the page is reloaded while they wait.
    let holdBytes = true;
    await page.route('**/tusupload/**', async (route) => {
      if (route.request().method() === 'PATCH' && holdBytes) {
        return;
      }
      await route.continue();
    });
    await page.goto('/exercise-upload');
    const ticket = page.waitForResponse('**/video/create_by_therapist');
    // The page keeps the ticket before it opens the upload: once tus has created it, a reload
    // cannot beat the page to it (under load the ticket's answer alone could).
    const opened = page.waitForResponse(
      (response) => response.url().includes('/tusupload') && response.request().method() === 'POST',
    );
    await page.getByLabel('Video file').setInputFiles(film);
    const { id } = (await (await ticket).json()) as { id: number };
    await opened;
    await expect(page.getByRole('progressbar', { name: 'Uploading' })).toBeVisible();

    holdBytes = false;
    await page.reload();
    let ticketsAsked = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/video/create_by_therapist')) {
        ticketsAsked += 1;
      }
    });
    await page.getByLabel('Video file').setInputFiles(film);
    // The same upload carries on: the same video, no second ticket.
    await expect(page).toHaveURL(new RegExp(`/exercise-edit/${id}$`), { timeout: 30_000 });
    expect(ticketsAsked).toBe(0);
    await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });

    // Filed in a new folder, shared with the clinic.
    await page.goto(`/exercise-library?q=${encodeURIComponent(title)}`);
    const folders = page.getByRole('complementary', { name: 'Folders' });
    await folders.getByRole('button', { name: 'New folder' }).click();
    const create = page.getByRole('dialog', { name: 'New folder' });
    await create.getByLabel('Folder name').fill(folderName);
    await create.getByRole('button', { name: 'Create folder' }).click();
    await expect(create).toHaveCount(0);
    const found = page
      .getByRole('list', { name: 'Videos' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await found.getByRole('checkbox', { name: `Select ${title}` }).check();
    await page
      .getByRole('region', { name: 'Selected videos' })
      .getByRole('button', { name: 'Add to folder' })
      .click();
    const add = page.getByRole('dialog', { name: 'Add 1 video to folders' });
    await add.getByRole('checkbox', { name: new RegExp(folderName) }).check();
    await add.getByRole('button', { name: 'Add to folder' }).click();
    await expect(add).toHaveCount(0);
    await folders.getByRole('button', { name: `Actions for folder ${folderName}` }).click();
    await page.getByRole('button', { name: 'Share with the clinic' }).click();
    await folders.getByRole('button', { name: new RegExp(`^${folderName}`) }).click();
    await expect(page.getByText('Shared with your clinic', { exact: true })).toBeVisible();

    // The colleague finds it in the shared folder and plays it, by range as a player asks.
    const colleague = await browser.newContext({ storageState: signedInState(COLLEAGUE) });
    const theirs = await colleague.newPage();
    await theirs.goto('/exercise-library');
    await theirs
      .getByRole('complementary', { name: 'Folders' })
      .getByRole('button', { name: new RegExp(`^${folderName}`) })
      .click();
    await expect(theirs.getByRole('list', { name: 'Videos' })).toContainText(title);
    const range = await theirs.request.get(`/video/${id}/file`, {
      headers: { range: 'bytes=0-99' },
    });
    expect(range.status()).toBe(206);
    expect(range.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect((await range.body()).length).toBe(100);
    await colleague.close();

    // Clean up: the folder, then the film.
    await folders.getByRole('button', { name: `Actions for folder ${folderName}` }).click();
    await page.getByRole('button', { name: 'Delete folder' }).click();
    await page
      .getByRole('dialog', { name: `Delete the folder “${folderName}”?` })
      .getByRole('button', { name: 'Delete folder' })
      .click();
    const removed = await page.request.delete('/video/delete', {
      data: { videos: [id] },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(removed.status()).toBe(200);
  });
});
