/**
 * docs/ai.md "Finished: the push" in the built app: the server announces the end of a guest's AI
 * request on their event stream, the sync worker posts it to the tab, and the wizard's
 * /activity/status asks the status URL at once instead of at its first 5 s poll. Measured from
 * the 202 of the request to the first status call: at least 5 s with polling alone.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';

test.setTimeout(90_000);
const FLOW_TIMEOUT = 20_000;
const STATUS_PATH = /^\/v1\/ai_content_requests\/[^/]+$/;

/** One request through the API first: the built-in generator loads its bank on first use. */
async function warmUpGenerator(request: APIRequestContext) {
  const anonId = randomUUID();
  const created = await request.post('/v1/ai_content_requests', {
    headers: { anonid: anonId },
    data: { requestorId: anonId, topics: 'Food hygiene and kitchen safety' },
  });
  expect(created.status()).toBe(202);
  const { aiContentRequestStatusUrl } = (await created.json()) as {
    aiContentRequestStatusUrl: string;
  };
  await expect
    .poll(
      async () => {
        const status = await request.get(new URL(aiContentRequestStatusUrl).pathname, {
          headers: { anonid: anonId },
        });
        return ((await status.json()) as { completedAt: string | null }).completedAt !== null;
      },
      { timeout: FLOW_TIMEOUT },
    )
    .toBe(true);
}

test('the wizard asks for the result as soon as the server pushes that the AI request is done, before the first 5 s poll', async ({
  page,
  request,
}) => {
  await warmUpGenerator(request);

  let answeredAt: number | null = null;
  const statusCalls: number[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().method() === 'POST' && url.pathname === '/v1/ai_content_requests') {
      answeredAt = Date.now();
    }
  });
  page.on('request', (sent) => {
    if (sent.method() === 'GET' && STATUS_PATH.test(new URL(sent.url()).pathname)) {
      statusCalls.push(Date.now());
    }
  });

  await page.goto('/activity');
  await page.getByRole('button', { name: 'Indoor' }).click();
  await page.getByRole('button', { name: '10 Tasks' }).click();
  await page.getByLabel('AI Assistant Prompt').fill('Food hygiene and the history of our bakery.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByPlaceholder('E.g New starter onboarding').fill('Bakery onboarding');
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page).toHaveURL(/\/activity\/complete$/, { timeout: FLOW_TIMEOUT });
  expect(answeredAt).not.toBeNull();
  // The first status call came on the event, well before the poll's 5 s, and had the result.
  expect(statusCalls).toHaveLength(1);
  expect(statusCalls[0]! - answeredAt!).toBeLessThan(4_000);
});
