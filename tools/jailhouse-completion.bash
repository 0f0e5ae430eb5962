# SPDX-License-Identifier: GPL-2.0
#
# bash completion for jailhouse(8): verbs, cell names from sysfs, config
# files (*.cell) and inmate images.

_jailhouse_cell_names()
{
	local sysfs=${JAILHOUSE_SYSFS:-/sys/devices/jailhouse} f
	for f in "$sysfs"/cells/*/name; do
		[ -r "$f" ] && cat "$f"
	done 2>/dev/null
}

# Completes the word with *.cell files and directories.
_jailhouse_cell_files()
{
	_filedir cell 2>/dev/null ||
		COMPREPLY=($(compgen -f -X '!*.cell' -- "$cur") $(compgen -d -- "$cur"))
}

_jailhouse_any_file()
{
	_filedir 2>/dev/null || COMPREPLY=($(compgen -f -- "$cur"))
}

_jailhouse()
{
	local cur prev verb sub
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	verb=${COMP_WORDS[1]}
	sub=${COMP_WORDS[2]}

	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "enable disable status console cell config hardware --help --version" -- "$cur"))
		return
	fi

	case $verb in
	enable)
		[ "$COMP_CWORD" -eq 2 ] && _jailhouse_cell_files
		;;
	console)
		COMPREPLY=($(compgen -W "-f --follow --help" -- "$cur"))
		;;
	disable | status)
		COMPREPLY=($(compgen -W "--help" -- "$cur"))
		;;
	config)
		if [ "$COMP_CWORD" -eq 2 ]; then
			COMPREPLY=($(compgen -W "check create --help" -- "$cur"))
		elif [ "$sub" = create ]; then
			case $prev in
			--arch) COMPREPLY=($(compgen -W "arm64 x86" -- "$cur")) ;;
			--console) COMPREPLY=($(compgen -W "none pl011@ 8250-pio@ 8250-mmio@" -- "$cur")) ;;
			--cell | --system | --beside) _jailhouse_cell_files ;;
			--root) COMPREPLY=($(compgen -d -- "$cur")) ;;
			--hv-mem | --name | --cpus | --mem | --mem-base | --uart | --pci) COMPREPLY=() ;;
			*)
				if [[ $cur == -* ]]; then
					COMPREPLY=($(compgen -W "--cell --hv-mem --console --name --arch --root --linux-cell --system --cpus --mem --mem-base --uart --pci --beside --help" -- "$cur"))
				else
					_filedir c 2>/dev/null || COMPREPLY=($(compgen -f -- "$cur"))
				fi
				;;
			esac
		elif [ "$prev" = --arch ]; then
			COMPREPLY=($(compgen -W "arm64 x86" -- "$cur"))
		elif [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "--arch --help" -- "$cur"))
		else
			_jailhouse_cell_files
		fi
		;;
	hardware)
		if [ "$COMP_CWORD" -eq 2 ]; then
			COMPREPLY=($(compgen -W "check --help" -- "$cur"))
		elif [ "$prev" = --arch ]; then
			COMPREPLY=($(compgen -W "arm64 x86" -- "$cur"))
		elif [ "$prev" = --root ]; then
			COMPREPLY=($(compgen -d -- "$cur"))
		elif [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "--root --arch --help" -- "$cur"))
		else
			_jailhouse_cell_files
		fi
		;;
	cell)
		if [ "$COMP_CWORD" -eq 2 ]; then
			COMPREPLY=($(compgen -W "create list load start shutdown destroy stats monitor linux --help" -- "$cur"))
			return
		fi
		case $sub in
		create)
			[ "$COMP_CWORD" -eq 3 ] && _jailhouse_cell_files
			;;
		linux)
			if [ "$COMP_CWORD" -eq 3 ]; then
				_jailhouse_cell_files
			elif [ "$prev" = -c ] || [ "$prev" = --cmdline ]; then
				COMPREPLY=()
			elif [[ $cur == -* ]]; then
				COMPREPLY=($(compgen -W "-i -c -d -l -w --initrd --cmdline --dtb --loader --write-dtb --help" -- "$cur"))
			else
				_jailhouse_any_file
			fi
			;;
		monitor)
			COMPREPLY=($(compgen -W "-n -t --help" -- "$cur"))
			;;
		stats)
			if [ "${cur#-}" != "$cur" ]; then
				COMPREPLY=($(compgen -W "-1 -d -n --help" -- "$cur"))
			elif [ "$prev" != -d ] && [ "$prev" != -n ]; then
				local IFS=$'\n'
				COMPREPLY=($(compgen -W "$(_jailhouse_cell_names)" -- "$cur"))
			fi
			;;
		start | shutdown | destroy)
			if [ "$COMP_CWORD" -eq 3 ]; then
				local IFS=$'\n'
				COMPREPLY=($(compgen -W "$(_jailhouse_cell_names)" -- "$cur"))
			fi
			;;
		load)
			if [ "$COMP_CWORD" -eq 3 ]; then
				local IFS=$'\n'
				COMPREPLY=($(compgen -W "$(_jailhouse_cell_names)" -- "$cur"))
			elif [ "$prev" = -a ] || [ "$prev" = --address ] ||
			     [ "$prev" = -s ] || [ "$prev" = --string ]; then
				COMPREPLY=()
			elif [[ $cur == -* ]]; then
				COMPREPLY=($(compgen -W "-a -s --address --string --help" -- "$cur"))
			else
				_jailhouse_any_file
			fi
			;;
		esac
		;;
	esac
}

complete -F _jailhouse jailhouse
