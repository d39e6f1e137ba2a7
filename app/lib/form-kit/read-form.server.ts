/**
 * The posted form of an action. A body that is not a form (a hand-made request) reads as an
 * empty form, which every schema refuses with its messages: never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
