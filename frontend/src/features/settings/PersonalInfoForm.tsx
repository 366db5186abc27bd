/**
 * Settings → personal information (spec doc 3 §2.7): name, address, apt # (optional), city, state, ZIP, date of
 * birth, SSN (masked) and phone, with the completion percentage of the required fields and a banner when an address
 * line is a P.O. box. An emptied field keeps what is saved; the server's messages go on their fields.
 */
import { Alert, Button, Progress, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Form, Formik, type FormikHelpers } from 'formik'
import { useMemo, useState } from 'react'
import { getPersonalInfo, savePersonalInfo, type PersonalInfo } from '../../api/endpoints'
import { errorFromThrown, formErrors } from '../../api/errors'
import { keys } from '../../api/queryKeys'
import { formatDob, formatPhone, formatSsn } from '../../domain/formatters'
import { completion, hasPoBox, personalInfoSchema, type PersonalInfoValues } from './personalInfo'
import { passwordChangeRules, personalInfoRules as rules } from '../../domain/rules.gen'
import { stateOptions } from '../../domain/states'
import { FormAlert } from '../../ui/forms/FormAlert'
import { SelectField } from '../../ui/forms/SelectField'
import { TextField } from '../../ui/forms/TextField'
import { useSession } from '../../app/session/useSession'

/** The form's values: what is saved, but the SSN empty (the saved one shows masked as its placeholder and is kept). */
const valuesOf = (info: PersonalInfo): PersonalInfoValues =>
  ({ ...Object.fromEntries(rules.FIELDS.map((f) => [f, String(info[f] ?? '')])), ssn: '' }) as PersonalInfoValues

function Completion({ values, savedSsn }: { values: PersonalInfoValues; savedSsn: string }) {
  const percent = completion({ ...values, ssn: values.ssn || savedSsn })
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted" data-testid="profile-completion">
        Profile {percent}% complete
      </Text>
      <Progress.Root value={percent} size="sm" colorPalette={percent === 100 ? 'green' : 'orange'} aria-label={`Profile ${percent}% complete`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  )
}

export function PersonalInfoForm() {
  const { userId } = useSession()
  const queryClient = useQueryClient()
  const read = useQuery({ queryKey: keys.personalInfo(userId ?? 0), queryFn: () => getPersonalInfo(userId ?? 0), enabled: userId !== null })
  const schema = useMemo(() => personalInfoSchema(), [])
  const [notice, setNotice] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  if (!read.data) {
    return read.isError ? (
      <Stack gap="2" align="flex-start" role="alert">
        <Text>We could not load your personal information. Please try again.</Text>
        <Button size="sm" onClick={() => void read.refetch()} loading={read.isFetching}>
          Try again
        </Button>
      </Stack>
    ) : (
      <Skeleton h="40" borderRadius="xl" role="status" aria-label="Loading" />
    )
  }

  const submit = async (values: PersonalInfoValues, helpers: FormikHelpers<PersonalInfoValues>) => {
    setNotice(null)
    setFailure(null)
    try {
      const saved = await savePersonalInfo(userId ?? 0, values)
      queryClient.setQueryData(keys.personalInfo(userId ?? 0), saved)
      void queryClient.invalidateQueries({ queryKey: keys.user(userId ?? 0), exact: true })
      helpers.resetForm({ values: valuesOf(saved) })
      setNotice(rules.SAVED)
    } catch (e) {
      const error = errorFromThrown(e)
      const form = error.kind === 'CLIENT' ? formErrors(error.read, [...rules.FIELDS]) : { fields: {}, messages: [] }
      helpers.setErrors(form.fields)
      if (Object.keys(form.fields).length === 0) setFailure(form.messages[0] ?? passwordChangeRules.SAVE_FAILED)
    }
  }

  return (
    <Formik initialValues={valuesOf(read.data)} validationSchema={schema} onSubmit={submit} enableReinitialize>
      {({ isSubmitting, values }) => (
        <Form noValidate aria-label="Personal information">
          <Stack gap="4">
            <Text fontWeight="semibold">Personal information</Text>
            <Completion values={values} savedSsn={read.data?.ssn ?? ''} />
            {hasPoBox(values) ? (
              <Alert.Root status="warning" data-testid="po-box-banner">
                <Alert.Indicator />
                <Alert.Title>{rules.PO_BOX_BANNER}</Alert.Title>
              </Alert.Root>
            ) : null}
            <FormAlert messages={failure ? [failure] : []} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField name="first_name" label="First name" autoComplete="given-name" />
              <TextField name="last_name" label="Last name" autoComplete="family-name" />
              <TextField name="address" label="Address" autoComplete="address-line1" />
              <TextField name="apt" label="Apt #" autoComplete="address-line2" optional />
              <TextField name="city" label="City" autoComplete="address-level2" />
              <SelectField name="state" label="State" options={stateOptions(undefined)} placeholder="Select your state" autoComplete="address-level1" />
              <TextField name="postal_code" label="ZIP" inputMode="numeric" maxLength={5} autoComplete="postal-code" />
              <TextField name="date_of_birth" label="Date of birth" placeholder="MM/DD/YYYY" inputMode="numeric" format={formatDob} autoComplete="bday" />
              <TextField name="ssn" label="SSN" placeholder={read.data?.ssn || '000-00-0000'} helper={read.data?.ssn ? 'Leave empty to keep the saved number.' : undefined} inputMode="numeric" format={formatSsn} />
              <TextField name="phone_number" label="Phone" type="tel" format={formatPhone} autoComplete="tel" />
            </SimpleGrid>
            {notice ? (
              <Text role="status" color="green.700" fontSize="sm">
                {notice}
              </Text>
            ) : null}
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting} data-testid="save-personal-info">
              Save
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  )
}
