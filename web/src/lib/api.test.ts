import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api';

describe('errorMessage', () => {
  it('shows a refused field’s own words, never its code name', () => {
    const err = new ApiError(400, 'newPassword: Password must contain a number', 'VALIDATION_ERROR', {
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'newPassword: Password must contain a number',
      errors: [{ field: 'newPassword', message: 'Password must contain a number' }],
    });
    expect(errorMessage(err, 'Failed')).toBe('Password must contain a number');
  });

  it('shows the server’s message otherwise, and the fallback when the server could not be reached', () => {
    expect(errorMessage(new ApiError(400, 'Old password is incorrect', 'OLD_PASSWORD_WRONG', {}), 'Failed')).toBe('Old password is incorrect');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to change password')).toBe('Failed to change password');
  });
});
