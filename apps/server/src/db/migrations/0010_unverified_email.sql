-- A profile's email is contact information the person typed, never confirmed: planns signs in by
-- phone and sends no email. Refusing an address because another account holds it told any
-- signed-in person whether that address has an account (issue 12 §3). Emails are therefore not
-- unique; uniqueness will apply to verified addresses once planns verifies any
-- (docs/decisions/0018-account-enumeration.md).
DROP INDEX users_email_key;
