/**
 * profile-confirmation: what will be saved, screen by screen, each with an Edit link back to its screen and the lines
 * that differ from what is saved marked 'Changed'; Back and Confirm. A refusal of the server puts its messages above
 * the buttons and each field's message on its line.
 */
import { Badge, Box, Button, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react'
import { Fragment } from 'react'
import { StepActions } from '../../flows/StepActions'
import { FormAlert } from '../../ui/forms/FormAlert'
import { changedFields, summaryGroups, type Draft, type FormStepId } from './profileUpdate'

export interface SaveProblem {
  messages: string[]
  /** field → the server's message for it */
  fields: Record<string, string>
}

interface Props {
  saved: Draft
  draft: Draft
  problem: SaveProblem | null
  onEdit: (step: FormStepId) => void
  onConfirm: () => void
}

export function ProfileConfirmation({ saved, draft, problem, onEdit, onConfirm }: Props) {
  const changed = new Set(changedFields(saved, draft))
  return (
    <Stack gap="5">
      <Text color="fg.muted">
        {changed.size > 0
          ? 'Please check your details. They are saved to your profile when you confirm.'
          : 'You have not changed anything. Confirm to keep these details as they are.'}
      </Text>
      {summaryGroups(draft).map((group) => (
        <Box as="section" key={group.step} aria-labelledby={`profile-group-${group.step}`} borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '5' }} data-testid={`profile-summary-${group.step}`}>
          <Flex justify="space-between" align="center" gap="3" mb="3">
            <Heading as="h2" size="md" id={`profile-group-${group.step}`}>
              {group.title}
            </Heading>
            <Button variant="outline" size="sm" onClick={() => onEdit(group.step)} aria-label={`Edit ${group.title.toLowerCase()}`}>
              Edit
            </Button>
          </Flex>
          <Grid as="dl" templateColumns={{ base: '1fr', sm: '11rem 1fr' }} columnGap="4" rowGap={{ base: '1', sm: '2' }}>
            {group.rows.map((row) => {
              const error = row.fields.map((f) => problem?.fields[f]).find(Boolean)
              const isChanged = row.fields.some((f) => changed.has(f))
              return (
                <Fragment key={row.label}>
                  <Text as="dt" fontSize="sm" color="fg.muted" pt={{ base: '2', sm: '0' }}>
                    {row.label}
                  </Text>
                  <Box as="dd" m="0" data-testid={`profile-value-${row.fields[0]}`}>
                    <Flex gap="2" align="center" wrap="wrap">
                      {row.value ? (
                        <Text fontWeight="medium" wordBreak="break-word">
                          {row.value}
                        </Text>
                      ) : (
                        <Text color="fg.muted">Not given</Text>
                      )}
                      {isChanged ? (
                        <Badge colorPalette="orange" variant="subtle" size="sm">
                          Changed
                        </Badge>
                      ) : null}
                    </Flex>
                    {error ? (
                      <Text color="fg.error" fontSize="sm" mt="1">
                        {error}
                      </Text>
                    ) : null}
                  </Box>
                </Fragment>
              )
            })}
          </Grid>
        </Box>
      ))}
      <div aria-live="assertive" aria-atomic="true">
        <FormAlert messages={problem?.messages ?? []} />
      </div>
      <StepActions label="Confirm" onClick={onConfirm} />
    </Stack>
  )
}
