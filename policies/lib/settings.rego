# METADATA
# title: Settings
# description: Tunables of the default pack, read from data.claude_rego.settings with safe fallbacks.
package claude_rego.lib.settings

import rego.v1

all := object.get(data, ["claude_rego", "settings"], {})

get(name, fallback) := object.get(all, name, fallback)
