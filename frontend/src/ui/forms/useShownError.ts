/**
 * A field's error is shown once the form was submitted and the field touched. Not before: an error appearing when the
 * person leaves a field for the submit button would move the button away from under the pointer mid-click.
 */
import { useFormikContext, type FieldMetaProps } from 'formik'

export function useShownError(meta: FieldMetaProps<unknown>): string | undefined {
  const { submitCount } = useFormikContext()
  return submitCount > 0 && meta.touched && typeof meta.error === 'string' && meta.error ? meta.error : undefined
}
