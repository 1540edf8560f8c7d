"""An agent loop in 15 lines: classify → ask the person → remember → audit."""

import shclass

session = shclass.Session(audit_log="shclass-audit.jsonl")  # policy + memory + audit log
for command in ["git status", "git push origin main", "git push origin dev", "rm -rf ~"]:
    outcome = session.classify(command)                      # 1. classify
    if outcome.decision is shclass.Decision.ASK:             # 2. ask the person
        reply = input(f"{outcome.summary()}\nrun `{command}`? [y]es/[n]o/[a]lways ")
        answer = {"y": "allow", "a": "always"}.get(reply.strip()[:1].lower(), "deny")
        try:
            session.answer(outcome, answer)                  # 3. remember ("always") + audit
        except shclass.SessionError:                         # nothing narrow to remember
            session.answer(outcome, "allow")
    verb = "run" if outcome.decision is shclass.Decision.ALLOW else "refuse"
    print(verb, command, "" if verb == "run" else outcome.summary())
print("audit log verified:", shclass.verify_audit_log("shclass-audit.jsonl"))  # 4. audit
