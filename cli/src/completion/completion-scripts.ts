/**
 * The shell scripts of `krs completion`. Each asks `krs __complete` for the candidates when TAB is
 * pressed, so that completion follows the command tree at every depth and the values known at that
 * moment (operation names, flag values, profile names), and never goes stale after an upgrade.
 *
 * The protocol: `krs __complete --current=<word under the cursor> -- <words before it>` prints a
 * first line `:words`, `:files` or `:dirs`, then one candidate a line, `value<TAB>description`.
 */

const banner = '# krs shell completion (from `krs completion`; it asks krs itself for the candidates)'

export function bashScript(): string {
  return `${banner}
# bash: eval "$(krs completion bash)"  (or save it in ~/.local/share/bash-completion/completions/krs)
_krs() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" kind line
  local -a lines values=()
  mapfile -t lines < <(krs __complete "--current=$cur" -- "\${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null)
  kind="\${lines[0]-}"
  case "$kind" in
    :files) COMPREPLY=($(compgen -f -- "\${cur#@}")); [[ $cur == @* ]] && COMPREPLY=("\${COMPREPLY[@]/#/@}"); return ;;
    :dirs) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    :words) ;;
    *) return ;;
  esac
  for line in "\${lines[@]:1}"; do
    line="\${line%%$'\\t'*}"
    [[ $line == "$cur"* ]] && values+=("$line")
  done
  COMPREPLY=("\${values[@]}")
}
complete -o default -F _krs krs
`
}

export function zshScript(): string {
  return `#compdef krs
${banner}
# zsh: krs completion zsh > "\${fpath[1]}/_krs"  (or: source <(krs completion zsh))
_krs() {
  local -a lines described
  local kind line
  lines=("\${(@f)$(krs __complete "--current=\${words[CURRENT]}" -- "\${(@)words[2,CURRENT-1]}" 2>/dev/null)}")
  kind=\${lines[1]-}
  case $kind in
    (:files) _files; return ;;
    (:dirs) _files -/; return ;;
    (:words) ;;
    (*) return 1 ;;
  esac
  for line in "\${(@)lines[2,-1]}"; do
    [[ -z $line ]] && continue
    described+=("\${\${line%%$'\\t'*}//:/\\\\:}:\${line#*$'\\t'}")
  done
  _describe -t krs krs described
}
if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then
  _krs "$@"
else
  compdef _krs krs
fi
`
}

export function fishScript(): string {
  return `${banner}
# fish: krs completion fish > ~/.config/fish/completions/krs.fish
function __krs_complete
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cur (commandline -ct)
    set -l out (krs __complete --current=$cur -- $tokens 2>/dev/null)
    switch "$out[1]"
        case :files
            __fish_complete_path $cur
        case :dirs
            __fish_complete_directories $cur
        case :words
            printf '%s\\n' $out[2..-1]
    end
end
complete -c krs -f -a '(__krs_complete)'
`
}

export function powershellScript(): string {
  return `${banner}
# PowerShell: krs completion powershell | Out-String | Invoke-Expression  (add it to $PROFILE to keep it)
Register-ArgumentCompleter -Native -CommandName krs -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $before = @($commandAst.CommandElements |
        Select-Object -Skip 1 |
        Where-Object { $_.Extent.EndOffset -lt $cursorPosition -or ($_.Extent.EndOffset -eq $cursorPosition -and $wordToComplete -eq '') } |
        ForEach-Object { $_.ToString() })
    $lines = @(krs __complete "--current=$wordToComplete" -- @before 2>$null)
    if ($lines.Count -eq 0 -or $lines[0] -ne ':words') { return }
    $lines | Select-Object -Skip 1 | ForEach-Object {
        $value, $description = $_ -split "\`t", 2
        if ($value -like "$wordToComplete*") {
            $tip = if ($description) { $description } else { $value }
            [System.Management.Automation.CompletionResult]::new($value, $value, 'ParameterValue', $tip)
        }
    }
}
`
}
