import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIMIT_KINDS, LIMIT_PERIODS, type ResponsibleState } from '../../../../contracts/responsible';
import { chooseLanguage } from '../../lib/i18n';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import { daysText, obliqueDaysText } from './BreakNotice';
import ResponsiblePage from './ResponsiblePage';

const state: ResponsibleState = {
  limits: LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => ({ kind, period, amount: null, used: 0, resetsAt: '2026-11-24T18:30:00.000Z', pending: null })),
  ),
  exclusion: null,
  realityCheckMinutes: 60,
};
const ok = (data: unknown) => ({ body: { success: true, message: 'ok', data } });

describe('Responsible play in Hindi', () => {
  it('says a length in its direct form in a list and its oblique form before के लिए; English has one form', async () => {
    expect([7, 182].map((d) => obliqueDaysText(d))).toEqual(['1 week', '6 months']);
    await chooseLanguage('hi');
    expect([7, 14, 182, 365, 1826, 3].map((d) => daysText(d))).toEqual(['1 हफ़्ता', '2 हफ़्ते', '6 महीने', '1 साल', '5 साल', '3 दिन']);
    expect([7, 14, 182, 365, 3].map((d) => obliqueDaysText(d))).toEqual(['1 हफ़्ते', '2 हफ़्ते', '6 महीने', '1 साल', '3 दिन']);
  });

  it('asks "1 हफ़्ते के लिए" before a week’s time-out, and names what the 5-year button stops', async () => {
    await chooseLanguage('hi');
    signIn();
    mockApi({ 'GET /api/v1/responsible': () => ok(state) });
    const user = userEvent.setup();
    renderApp(<ResponsiblePage />);
    const section = await screen.findByRole('region', { name: 'ब्रेक लें' });
    // The intro is one sentence with its link inside.
    const intro = screen.getByRole('link', { name: 'सुरक्षित खेल' }).closest('p')!;
    expect(intro.textContent).toBe('अपनी सीमाएं खुद तय करें, ब्रेक लें, और खेलते समय याद दिलाने वाले संदेश पाएं। सुरक्षित खेल में हर टूल के बारे में और मदद कहां मिलेगी, यह बताया गया है।');

    await user.selectOptions(within(section).getByLabelText('अवधि'), '7');
    await user.click(within(section).getByRole('button', { name: 'ब्रेक शुरू करें' }));
    let dialog = await screen.findByRole('dialog', { name: 'ब्रेक शुरू करें?' });
    expect(within(dialog).getByText(/^1 हफ़्ते के लिए, यानी लगभग .* तक, आप न खेल पाएंगे, न जमा या स्पिन कर पाएंगे।/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'रद्द करें' }));

    await user.click(within(section).getByRole('button', { name: 'खेल से खुद पर रोक' }));
    await user.selectOptions(within(section).getByLabelText('अवधि'), '1826');
    await user.click(within(section).getByRole('button', { name: 'खुद को खेलने से रोकें' }));
    dialog = await screen.findByRole('dialog', { name: 'खुद को खेलने से रोकें?' });
    expect(within(dialog).getByText(/^5 साल के लिए, यानी लगभग .* तक/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'खुद को खेलने से रोकें' })).toBeInTheDocument();
  });
});
